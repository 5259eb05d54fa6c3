import { KIND_NOUNS } from '../nouns';
import type { TDesignIssue } from '../parse';
import type { TComponent } from '../schema-v2';
import { isPublic, networkView } from './reachability-graph';
import type { TDesignRule } from './rule';

/** Entry points that face the internet, per service: they need subnets routed to the gateway. */
const FACES_INTERNET: Readonly<Record<string, (c: TComponent) => boolean>> = {
  'aws.alb': (c) => c.properties['public'] !== false,
  'aws.nlb': (c) => c.properties['public'] !== false,
  'aws.ec2': (c) => c.properties['publicIp'] === true,
  'oci.load-balancer': (c) => c.properties['public'] !== false,
  'oci.network-load-balancer': (c) => c.properties['public'] === true,
  'oci.api-gateway': (c) => (c.properties['endpointType'] ?? 'PUBLIC') === 'PUBLIC',
};

/**
 * An internet-facing entry point in a private subnet gets no traffic: AWS leaves it without a
 * route from the internet gateway, OCI refuses a public load balancer in a private subnet.
 */
export const reachabilityPublicEntry: TDesignRule = {
  id: 'reachability-public-entry',
  source:
    'AWS Elastic Load Balancing User Guide, "Subnets for your Application Load Balancer" (internet-facing load balancers need public subnets); OCI Load Balancer documentation, "Public load balancers" (public subnets only)',
  check: (context) => {
    const view = networkView(context);
    const issues: TDesignIssue[] = [];
    for (const c of context.design.components) {
      const service = view.service(c.id);
      const facesInternet = service && FACES_INTERNET[service.id];
      if (!service || !facesInternet?.(c)) continue;
      for (const subnet of view.subnetsOf(c).filter((s) => !isPublic(s))) {
        issues.push({
          path: `${view.pathOf(c)}.group`,
          message: `${KIND_NOUNS[service.kind]} faces the internet but sits in private subnet “${subnet.name}”: move it to a public subnet, or mark “${subnet.name}” public so it routes to the internet gateway`,
          severity: 'warning',
        });
      }
    }
    return issues;
  },
};
