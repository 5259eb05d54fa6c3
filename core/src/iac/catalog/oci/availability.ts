import type { TTfBuildContext } from '../service';
import type { TTfValue } from '../../ir/terraform-ir';
import { availabilityDomain } from './shared';

/**
 * Regions with three availability domains; every other commercial OCI region has one, where a
 * pool spreads over the three fault domains of its AD instead (OCI does that by itself).
 * https://docs.oracle.com/iaas/Content/General/Concepts/regions.htm
 */
const THREE_AD_REGIONS: ReadonlySet<string> = new Set([
  'us-ashburn-1',
  'us-phoenix-1',
  'eu-frankfurt-1',
  'uk-london-1',
]);

/**
 * The availability domains a pool of nodes or instances spreads over: all three where the region
 * has three (one placement each, OCI balances the pool across them), else its one. A pool in
 * one AD of a three-AD region loses every node when that AD fails.
 */
export function poolDomains(ctx: TTfBuildContext): TTfValue[] {
  const count = THREE_AD_REGIONS.has(ctx.region) ? 3 : 1;
  return Array.from({ length: count }, (_, i) => availabilityDomain(ctx, i));
}
