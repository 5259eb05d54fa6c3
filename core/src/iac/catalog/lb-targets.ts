import { BuildError } from '../build/terraform-build';
import type { TBuildContextBase } from './service';
import type { TServiceKind } from '../types';

/**
 * A load balancer whose builder cannot register a target would be emitted with an empty
 * backend and serve nothing: refuse the connection instead, naming both ends and what the
 * load balancer can serve (Kubernetes services get their own load balancers from the cluster).
 */
export function refuseUnservedTargets(
  ctx: TBuildContextBase,
  served: readonly TServiceKind[],
  nouns: string,
): void {
  for (const edge of ctx.outgoing('traffic')) {
    if (served.includes(edge.node.service.kind)) continue;
    throw new BuildError(
      `load balancer ${ctx.node.id} cannot send traffic to ${edge.node.id} (${edge.node.service.name}): it serves ${nouns}`,
    );
  }
}
