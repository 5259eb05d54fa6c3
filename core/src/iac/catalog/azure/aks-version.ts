import type { TBuildContextBase } from '../service';
import { BuildError } from '../../build/terraform-build';
import type { TPropertyDefinition } from '../../types';
import { enumProp } from '../properties';

/**
 * AKS creates clusters only on the Kubernetes minors it supports (the newest three GA ones),
 * so a pinned minor expires within about a year. `default` leaves the choice to AKS (its
 * current default version) and a pin stays possible; either way the `patch` upgrade channel
 * keeps the cluster on its minor's newest patch. Minors since offered become `default` when a
 * saved design is read (`retired`). learn.microsoft.com/azure/aks/supported-kubernetes-versions
 */
const AKS_DEFAULT_VERSION = 'default';
export const AKS_VERSION: TPropertyDefinition = {
  ...enumProp(
    'version',
    'Kubernetes version',
    [AKS_DEFAULT_VERSION, '1.36', '1.35', '1.34'],
    AKS_DEFAULT_VERSION,
    'default: the version AKS creates clusters with today (always a supported one). A pinned minor can only be created while AKS supports it; patches follow automatically either way.',
  ),
  retired: Object.fromEntries(['1.33', '1.32', '1.31'].map((v) => [v, AKS_DEFAULT_VERSION])),
};

/** Whether the design pins a minor; a pin in some environments only cannot be written. */
export function isVersionPinned(ctx: TBuildContextBase): boolean {
  const isPinned = ctx.value<string>('version') !== AKS_DEFAULT_VERSION;
  for (const [env, props] of Object.entries(ctx.node.overrides)) {
    const v = props['version'];
    if (v !== undefined && (v !== AKS_DEFAULT_VERSION) !== isPinned)
      throw new BuildError(
        `${ctx.node.id}: Kubernetes version is pinned in some environments and left to AKS in others (${env}); pin it in all or in none`,
      );
  }
  return isPinned;
}
