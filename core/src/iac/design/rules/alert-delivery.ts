import type { TDesignIssue } from '../parse';
import { networkView } from './reachability-graph';
import type { TDesignContext, TDesignRule } from './rule';

/**
 * An SNS topic that CloudWatch alarms publish to delivers to nobody until something subscribes:
 * alerting would be silent. The topic's subscription endpoint (or a queue or function it
 * delivers to) is what to add. The same holds for an OCI Notifications topic that Monitoring
 * alarms notify, and for the topic an OCI alarm makes when the design has no alert topic.
 */
export const alertDelivery: TDesignRule = {
  id: 'alert-delivery',
  source:
    'Amazon CloudWatch User Guide, "Using Amazon CloudWatch alarms" (alarm actions notify the subscribers of an SNS topic); OCI Notifications, "Notifications Overview" (a topic delivers to its subscriptions)',
  check: (context) => {
    const { design, services } = context;
    const view = networkView(context);
    const issues: TDesignIssue[] = [...ociAlertDelivery(context)];
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

/**
 * OCI: a Notifications topic that alarms notify needs a subscriptionEndpoint (nothing else
 * subscribes one here); an alarm connected to no topic notifies the topics the design's other
 * alarms do (oci/topic-subscriber.ts), or, when there are none, a topic of its own nobody reads.
 */
function ociAlertDelivery(context: TDesignContext): TDesignIssue[] {
  const { design, services } = context;
  const view = networkView(context);
  const isAlarm = (id: string) => services.get(id)?.id === 'oci.monitoring-alarm';
  const isTopic = (id: string) => services.get(id)?.id === 'oci.notification-topic';
  const issues: TDesignIssue[] = [];
  let alertTopics = 0;
  design.components.forEach((topic, i) => {
    if (!isTopic(topic.id)) return;
    if (!view.incoming(topic.id).some((c) => isAlarm(c.from))) return;
    alertTopics++;
    if (String(topic.properties['subscriptionEndpoint'] ?? '').trim() !== '') return;
    issues.push({
      path: `components[${i}].properties.subscriptionEndpoint`,
      message: `alarms notify topic “${topic.name}” but nothing subscribes to it: set subscriptionEndpoint (an e-mail address or an HTTPS URL)`,
      severity: 'warning',
    });
  });
  if (alertTopics > 0) return issues;
  design.components.forEach((alarm, i) => {
    if (!isAlarm(alarm.id)) return;
    issues.push({
      path: `components[${i}]`,
      message: `alarm “${alarm.name}” notifies no Notifications topic, so a topic of its own that nothing subscribes to: connect it to a topic with a subscriptionEndpoint`,
      severity: 'warning',
    });
  });
  return issues;
}
