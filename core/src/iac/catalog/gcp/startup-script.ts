import type { TEdge, TNode, TTfBuildContext } from '../service';
import { call, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { valuesAcrossEnvironments } from '../environment-values';

/** Where a managed instance group's autohealing probes its VMs (compute.ts). */
export const MIG_PORT = 80;
/** Seconds after a VM boots before autohealing judges it: the startup script's time to serve. */
export const MIG_INITIAL_DELAY = 300;

const BALANCERS = new Set(['gcp.http-load-balancer', 'gcp.network-load-balancer']);
const isGroup = (node: TNode) => node.service.id === 'gcp.managed-instance-group';

/**
 * Whether a VM or instance group boots with a required startup script: every managed instance
 * group (autohealing probes it), and a plain VM only when a load balancer sends it traffic. A VM
 * nothing probes (a bastion, a batch host) keeps its stock image and is set up as its owner likes.
 */
export function needsStartupScript(node: TNode, incoming: readonly TEdge[]): boolean {
  return isGroup(node) || incoming.some((e) => BALANCERS.has(e.node.service.id));
}

/**
 * What judges the VMs of a managed instance group or a plain VM, in words: a group's own
 * autohealing, and each load balancer with a traffic connection to it (an Application Load
 * Balancer's HTTP health check, a passthrough Network Load Balancer's TCP one, on the
 * connection's port as edge.ts probes it).
 */
export function startupProbes(
  target: TNode,
  incoming: readonly TEdge[],
  portOf: (edge: TEdge) => number,
  environments: readonly string[],
): string[] {
  const get = (node: TNode) =>
    `GET ${valuesAcrossEnvironments(node, 'healthPath', environments).join(' or ')}`;
  const balancers = incoming.flatMap((e) => {
    const port = portOf(e);
    if (e.node.service.id === 'gcp.http-load-balancer')
      return [`HTTP ${get(e.node)} on port ${port} with 200 (load balancer ${e.node.name})`];
    if (e.node.service.id === 'gcp.network-load-balancer')
      return [`TCP connections on port ${port} (load balancer ${e.node.name})`];
    return [];
  });
  return isGroup(target)
    ? [
        `HTTP ${get(target)} on port ${MIG_PORT} with 200 within ${MIG_INITIAL_DELAY} s of boot (autohealing recreates a VM that does not)`,
        ...balancers,
      ]
    : balancers;
}

/** The variable holding the startup script of a VM or of a managed instance group's VMs. */
export const startupScriptVariable = (node: TNode): string => `${node.local}_startup_script`;

/**
 * The startup script of a managed instance group's VMs, or of a VM behind a load balancer: a
 * required input. Both boot a stock public image, which serves nothing, while autohealing and
 * the load balancers probe the application; with no script every health check fails (and
 * autohealing recreates a group's VMs forever). So what runs on the VMs is said where the code
 * is applied (README "Startup scripts"), and an empty script stops the plan.
 */
export function startupScript(ctx: TTfBuildContext): TTfValue {
  const node = ctx.node;
  const name = startupScriptVariable(node);
  const probes = startupProbes(
    node,
    ctx.incoming('traffic'),
    (e) => ctx.portOf(e, node),
    ctx.environments,
  );
  const whose = isGroup(node) ? `the VMs of ${node.name}` : `VM ${node.name}`;
  const otherwise = isGroup(node)
    ? 'autohealing would recreate every VM'
    : 'every health check of its load balancers would fail';
  return ctx.variable({
    name,
    type: 'string',
    description: `Startup script of ${whose} (run as root at every boot): it installs and starts the application, which must answer ${probes.join('; and ')}.`,
    validation: {
      condition: call('can', call('regex', '\\S', tfVar(name))),
      errorMessage: `Give the script that starts the application of ${node.name}: a stock image serves nothing, so ${otherwise}.`,
    },
  });
}
