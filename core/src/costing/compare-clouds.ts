import type { TCloudEstimate, TServiceMapping } from '../contract/costing/estimate';
import { CLOUD_PROFILES } from '../iac/catalog/registry';
import type { TDesign } from '../iac/design/schema-v2';
import { retargetDesign } from '../iac/retarget';
import { CLOUDS, type TCloud } from '../iac/types';
import type { PriceBook } from './book';
import { estimateDesign, type TEstimateOptions } from './estimate-design';

export interface TCloudComparison {
  currency: 'USD';
  clouds: TCloudEstimate[];
  mapping: TServiceMapping[];
}

/** Why a cloud has no estimate at all (OCI in the seed book). */
const unpricedCloud = (cloud: TCloud) =>
  `${CLOUD_PROFILES[cloud].label} has no dated list prices in the price book, so it is not priced`;

/**
 * The design re-targeted to every cloud with the engine's `retargetDesign` (services follow
 * their kind, VM sizes their tier, the region its nearest equivalent) and priced there with the
 * same usage assumptions, beside the mapping: which service each component became on each
 * cloud and, where it has no equivalent, why.
 */
export function compareClouds(
  design: TDesign,
  book: PriceBook,
  options: TEstimateOptions = {},
): TCloudComparison {
  const mapping: TServiceMapping[] = design.components.map((c) => ({
    componentId: c.id,
    name: c.name,
    services: { aws: null, azure: null, gcp: null, oci: null },
  }));
  const byId = new Map(mapping.map((m) => [m.componentId, m]));
  const clouds = CLOUDS.map((cloud): TCloudEstimate => {
    const result =
      cloud === design.provider
        ? { design, unmapped: [], adjustments: [] }
        : retargetDesign(design, cloud);
    for (const c of result.design.components) {
      const m = byId.get(c.id);
      if (m) m.services[cloud] = c.service;
    }
    for (const u of result.unmapped) {
      const m = byId.get(u.id);
      if (m) m.unmapped = { ...m.unmapped, [cloud]: u.reason };
    }
    const adjustments = result.adjustments.map((a) => ({
      componentId: a.id === '' ? null : a.id,
      message: a.message,
    }));
    const region = result.design.region;
    if (book.clouds[cloud]?.priced !== true)
      return {
        cloud,
        region,
        priced: false,
        reason: unpricedCloud(cloud),
        estimate: null,
        adjustments,
      };
    return {
      cloud,
      region,
      priced: true,
      reason: null,
      estimate: estimateDesign(result.design, book, options),
      adjustments,
    };
  });
  return { currency: 'USD', clouds, mapping };
}
