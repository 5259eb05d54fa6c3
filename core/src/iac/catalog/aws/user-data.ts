import type { TEdge, TNode, TTfBuildContext } from '../service';
import { call, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { efsMountScript, withMountScript } from './efs-mounts';
import { valuesAcrossEnvironments } from '../environment-values';

/**
 * Seconds after an instance boots before the Auto Scaling group acts on its load balancers'
 * health checks: `health_check_grace_period`, which the group leaves at its default.
 */
export const ASG_GRACE_PERIOD = 300;

const BALANCERS = new Set(['aws.alb', 'aws.nlb']);
const isBalancer = (edge: TEdge) => BALANCERS.has(edge.node.service.id);

const isGroup = (node: TNode) => node.service.id === 'aws.autoscaling-group';

/**
 * Whether an Auto Scaling group or an EC2 instance boots with required user data: when a load
 * balancer sends it traffic, since the stock image it boots answers none of the target groups'
 * checks (and a group replaces every instance they find unhealthy, `health_check_type = "ELB"`).
 * An instance nothing probes (a bastion, a batch host) keeps its stock image.
 */
export function needsUserData(node: TNode, incoming: readonly TEdge[]): boolean {
  return (isGroup(node) || node.service.id === 'aws.ec2') && incoming.some(isBalancer);
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
    const paths = valuesAcrossEnvironments(e.node, 'healthPath', environments).join(' or ');
    return `HTTP GET ${paths} on port ${port} with a status from 200 to 399 (load balancer ${e.node.name})`;
  });
}

/** The variable holding the user data of an Auto Scaling group's instances or of an instance. */
export const userDataVariable = (node: TNode): string => `${node.local}_user_data`;

/**
 * The user data of the instances of an Auto Scaling group, or of an EC2 instance, behind a load
 * balancer: a required input (16 KB at most, "Work with instance user data", EC2 user guide),
 * which cloud-init runs as root at an instance's first boot. Without it they booted a stock AMI
 * that served nothing and failed every health check (a group's instances were replaced forever),
 * as GCP's VMs and instance groups did (startup-script.ts): so what runs there is said where the
 * code is applied.
 */
function applicationUserData(ctx: TTfBuildContext): TTfValue {
  const node = ctx.node;
  const name = userDataVariable(node);
  const probes = userDataProbes(
    ctx.incoming('traffic'),
    (e) => ctx.portOf(e, node),
    ctx.environments,
  );
  const group = isGroup(node);
  const variable = ctx.variable({
    name,
    type: 'string',
    description: group
      ? `User data of the instances of ${node.name} (a script cloud-init runs as root at each instance's first boot, at most 16 KB): it installs and starts the application, which must answer ${probes.join('; and ')}, within ${ASG_GRACE_PERIOD} s of boot.`
      : `User data of EC2 instance ${node.name} (a script cloud-init runs as root at its first boot, at most 16 KB): it installs and starts the application, which must answer ${probes.join('; and ')}.`,
    validation: {
      condition: call('can', call('regex', '\\S', tfVar(name))),
      errorMessage: `Give the script that starts the application of ${node.name}: a stock image serves nothing, so ${group ? 'the group would replace every instance its load balancers find unhealthy' : 'every health check of its load balancers would fail'}.`,
    },
  });
  return variable;
}

/**
 * What an instance, or each instance of a group, runs at first boot, if anything: the script
 * mounting its EFS file systems (efs-mounts.ts), the application's user data when a load
 * balancer needs it, or both in one multi-part document, the mounts first. A launch template
 * takes it base64-encoded; `aws_instance` encodes it itself.
 */
export function bootUserData(ctx: TTfBuildContext): TTfValue | undefined {
  const app = needsUserData(ctx.node, ctx.incoming('traffic'))
    ? applicationUserData(ctx)
    : undefined;
  const mount = efsMountScript(ctx);
  const text = mount && app ? withMountScript(mount, app) : (mount ?? app);
  if (text === undefined) return undefined;
  return isGroup(ctx.node) ? call('base64encode', text) : text;
}
