import type { TEdge, TNode, TTfBuildContext } from '../service';
import { call, tfVar, type TTfValue } from '../../ir/terraform-ir';

/**
 * Seconds after an instance boots before the Auto Scaling group acts on its load balancers'
 * health checks: `health_check_grace_period`, which the group leaves at its default.
 */
export const ASG_GRACE_PERIOD = 300;

const BALANCERS = new Set(['aws.alb', 'aws.nlb']);
const isBalancer = (edge: TEdge) => BALANCERS.has(edge.node.service.id);

/** A property's values across the environments, the design's own first. */
function valuesOf(node: TNode, key: string, environments: readonly string[]): string[] {
  const base = String(node.properties[key]);
  return [...new Set([base, ...environments.map((e) => String(node.overrides[e]?.[key] ?? base))])];
}

/**
 * Whether an Auto Scaling group boots with required user data: when a load balancer sends it
 * traffic, since the group then replaces every instance its target groups find unhealthy
 * (`health_check_type = "ELB"`), and the stock image it boots answers none of their checks.
 */
export function needsUserData(node: TNode, incoming: readonly TEdge[]): boolean {
  return node.service.id === 'aws.autoscaling-group' && incoming.some(isBalancer);
}

/**
 * What each load balancer's target group checks, in words: an Application Load Balancer's HTTP
 * check (`healthPath`, matcher 200-399, on the port it sends traffic to), a Network Load
 * Balancer's TCP one (edge.ts).
 */
export function userDataProbes(
  incoming: readonly TEdge[],
  portOf: (edge: TEdge) => number,
  environments: readonly string[],
): string[] {
  return incoming.filter(isBalancer).map((e) => {
    const port = portOf(e);
    if (e.node.service.id === 'aws.nlb')
      return `TCP connections on port ${port} (load balancer ${e.node.name})`;
    const paths = valuesOf(e.node, 'healthPath', environments).join(' or ');
    return `HTTP GET ${paths} on port ${port} with a status from 200 to 399 (load balancer ${e.node.name})`;
  });
}

/** The variable holding the user data of an Auto Scaling group's instances. */
export const userDataVariable = (node: TNode): string => `${node.local}_user_data`;

/**
 * The user data of the instances of an Auto Scaling group behind a load balancer: a required
 * input, base64-encoded into the launch template (EC2 takes it so; 16 KB at most before
 * encoding, "Work with instance user data", EC2 user guide). cloud-init runs it as root at the
 * first boot of each instance. Without it the group booted a stock AMI that served nothing,
 * failed every health check and was replaced forever, as GCP's instance groups were
 * (startup-script.ts): so what runs there is said where the code is applied.
 */
export function userData(ctx: TTfBuildContext): TTfValue {
  const node = ctx.node;
  const name = userDataVariable(node);
  const probes = userDataProbes(
    ctx.incoming('traffic'),
    (e) => ctx.portOf(e, node),
    ctx.environments,
  );
  const variable = ctx.variable({
    name,
    type: 'string',
    description: `User data of the instances of ${node.name} (a script cloud-init runs as root at each instance's first boot, at most 16 KB): it installs and starts the application, which must answer ${probes.join('; and ')}, within ${ASG_GRACE_PERIOD} s of boot.`,
    validation: {
      condition: call('can', call('regex', '\\S', tfVar(name))),
      errorMessage: `Give the script that starts the application of ${node.name}: a stock image serves nothing, so the group would replace every instance its load balancers find unhealthy.`,
    },
  });
  return call('base64encode', variable);
}
