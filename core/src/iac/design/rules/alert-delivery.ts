import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/**
 * An SNS topic that CloudWatch alarms publish to delivers to nobody until something subscribes:
 * alerting would be silent. The topic's subscription endpoint (or a queue or function it
 * delivers to) is what to add.
 */
export const alertDelivery: TDesignRule = {
  id: 'alert-delivery',
  source:
    'Amazon CloudWatch User Guide, "Using Amazon CloudWatch alarms" (alarm actions notify the subscribers of an SNS topic)',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    design.components.forEach((topic, i) => {
      if (services.get(topic.id)?.id !== 'aws.sns') return;
      const alarms = view.incoming(topic.id).filter((c) => services.get(c.from)?.kind === 'alarm');
      const endpoint = String(topic.properties['subscriptionEndpoint'] ?? '').trim();
      // A Route 53 health check alarms from us-east-1 through a relay topic that notifies this
      // topic's endpoint (an alarm notifies topics of its own region only): nothing else relays.
      const checks = view
        .incoming(topic.id)
        .filter((c) => services.get(c.from)?.id === 'aws.route53-health-check');
      if (checks.length > 0 && endpoint === '') {
        issues.push({
          path: `components[${i}].properties.subscriptionEndpoint`,
          message: `health check “${checks[0]!.from}” relays its us-east-1 alarm to the subscription endpoint of topic “${topic.name}”, which has none: set subscriptionEndpoint (an e-mail address or an HTTPS URL)`,
          severity: 'warning',
        });
        return;
      }
      if (alarms.length === 0) return;
      const delivers = view
        .outgoing(topic.id)
        .some((c) => ['queue', 'function'].includes(services.get(c.to)?.kind ?? ''));
      if (endpoint !== '' || delivers) return;
      issues.push({
        path: `components[${i}].properties.subscriptionEndpoint`,
        message: `alarms publish to topic “${topic.name}” but nothing subscribes to it: set subscriptionEndpoint (an e-mail address or an HTTPS URL), or connect it to a queue or function`,
        severity: 'warning',
      });
    });
    return issues;
  },
};
