import type { TTfBuildContext } from './service';
import { DATA_TIER_KINDS } from '../policy/rules/network';

/**
 * A security group drawn on the board whose every member (placement connections into it) is a
 * data store: it answers connections and opens none, so the group gets no egress to the internet
 * (policy data-tier-no-open-egress), as a data store's own group does.
 */
export function holdsOnlyDataStores(ctx: TTfBuildContext): boolean {
  const members = ctx.incoming('placement').map((e) => e.node);
  return members.length > 0 && members.every((n) => DATA_TIER_KINDS.includes(n.service.kind));
}
