import type { TEdge, TNode, TTfBuildContext } from '../service';
import { call, tfVar, type TTfValue } from '../../ir/terraform-ir';

/** Where a managed instance group's autohealing probes its VMs (compute.ts). */
export const MIG_PORT = 80;
/** Seconds after a VM boots before autohealing judges it: the startup script's time to serve. */
export const MIG_INITIAL_DELAY = 300;

/** A property's values across the environments, the design's own first. */
function valuesOf(node: TNode, key: string, environments: readonly string[]): string[] {
  const base = String(node.properties[key]);
  return [...new Set([base, ...environments.map((e) => String(node.overrides[e]?.[key] ?? base))])];
}

/**
 * What judges the VMs of a managed instance group, in words: its own autohealing, and each load
 * balancer with a traffic connection to it (an Application Load Balancer's HTTP health check, a
 * passthrough Network Load Balancer's TCP one, on the connection's port as edge.ts probes it).
 */
export function startupProbes(
  mig: TNode,
  incoming: readonly TEdge[],
  portOf: (edge: TEdge) => number,
  environments: readonly string[],
): string[] {
  const get = (node: TNode) => `GET ${valuesOf(node, 'healthPath', environments).join(' or ')}`;
  const balancers = incoming.flatMap((e) => {
    const port = portOf(e);
    if (e.node.service.id === 'gcp.http-load-balancer')
      return [`HTTP ${get(e.node)} on port ${port} with 200 (load balancer ${e.node.name})`];
    if (e.node.service.id === 'gcp.network-load-balancer')
      return [`TCP connections on port ${port} (load balancer ${e.node.name})`];
    return [];
  });
  return [
    `HTTP ${get(mig)} on port ${MIG_PORT} with 200 within ${MIG_INITIAL_DELAY} s of boot (autohealing recreates a VM that does not)`,
    ...balancers,
  ];
}

/** The variable holding the startup script of a managed instance group's VMs. */
export const startupScriptVariable = (node: TNode): string => `${node.local}_startup_script`;

/**
 * The startup script of a managed instance group's VMs: a required input. The template boots a
 * stock public image, which serves nothing, while autohealing and any load balancer probe the
 * application; with no script every VM fails its health check and autohealing recreates it
 * forever. So what runs on the VMs is said where the code is applied (README "Startup scripts of
 * instance groups"), and an empty script stops the plan.
 */
export function startupScript(ctx: TTfBuildContext): TTfValue {
  const name = startupScriptVariable(ctx.node);
  const probes = startupProbes(
    ctx.node,
    ctx.incoming('traffic'),
    (e) => ctx.portOf(e, ctx.node),
    ctx.environments,
  );
  return ctx.variable({
    name,
    type: 'string',
    description: `Startup script of the VMs of ${ctx.node.name} (run as root at every boot): it installs and starts the application, which must answer ${probes.join('; and ')}.`,
    validation: {
      condition: call('can', call('regex', '\\S', tfVar(name))),
      errorMessage: `Give the script that starts the application of ${ctx.node.name}: a stock image serves nothing, so autohealing would recreate every VM.`,
    },
  });
}
