import type { TNode } from '../iac/catalog/service';
import type { TResolvedDesign } from '../iac/design/resolve';
import type { TCloud, TPropertyValue, TServiceKind } from '../iac/types';
import type { TEstimator } from './estimator';
import { AWS_ESTIMATORS } from './estimators-aws';
import { AZURE_ESTIMATORS } from './estimators-azure';
import { GCP_ESTIMATORS } from './estimators-gcp';
import { EstimateBuilder, type TPriceLine } from './prices';

/** §9 "Simulated cost multipliers". */
export const PROVIDER_MULTIPLIERS: Readonly<Record<TCloud, number>> = {
  aws: 1,
  azure: 0.95,
  gcp: 0.85,
  oci: 0.8,
};

const ESTIMATORS: Readonly<Record<string, TEstimator>> = {
  ...AWS_ESTIMATORS,
  ...AZURE_ESTIMATORS,
  ...GCP_ESTIMATORS,
};

/** Kinds billed only by what they store, serve or process: no fixed monthly charge to list. */
const USAGE_KINDS: ReadonlySet<TServiceKind> = new Set([
  'object-storage',
  'file-storage',
  'function',
  'nosql',
  'queue',
  'topic',
  'event-bus',
  'log-group',
  'secret',
  'api-gateway',
  'cdn',
  'container-registry',
  'serverless-container',
  'kms',
]);

export const UNPRICED = {
  usage: 'Billed by usage (requests, GB stored, processed or transferred): not estimated',
  noPrice: 'No list price for this service in the price table',
  oci: 'OCI list prices are not in the price table',
} as const;

/** One resource's estimate: `estimatedCost` null when nothing of it could be priced. */
export interface TResourceEstimate {
  estimatedCost: number | null;
  prices: TPriceLine[];
  /** What is left out: everything when unpriced, else the unpriced parts; null when complete. */
  unpricedReason: string | null;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** Fixed monthly list-price charges of one resource (usage-based charges are never included). */
export function estimateResource(
  cloud: TCloud,
  serviceId: string,
  kind: TServiceKind,
  properties: Readonly<Record<string, TPropertyValue>>,
  region: string,
): TResourceEstimate {
  if (cloud === 'oci') return { estimatedCost: null, prices: [], unpricedReason: UNPRICED.oci };
  const estimator = ESTIMATORS[serviceId];
  if (!estimator) {
    const reason = USAGE_KINDS.has(kind) ? UNPRICED.usage : UNPRICED.noPrice;
    return { estimatedCost: null, prices: [], unpricedReason: reason };
  }
  const builder = new EstimateBuilder(cloud, region);
  estimator(properties, builder);
  if (builder.lines.length === 0) {
    const reason = builder.missing.length > 0 ? builder.missing.join('; ') : UNPRICED.usage;
    return { estimatedCost: null, prices: [], unpricedReason: reason };
  }
  return {
    estimatedCost: cents(builder.lines.reduce((sum, l) => sum + l.monthly, 0)),
    prices: builder.lines,
    unpricedReason: builder.missing.length > 0 ? builder.missing.join('; ') : null,
  };
}

/** A node's properties in one environment: its base values with that environment's overrides. */
export function propertiesIn(node: TNode, environment: string): Record<string, TPropertyValue> {
  return { ...node.properties, ...(node.overrides[environment] ?? {}) };
}

export interface TPricedNode extends TResourceEstimate {
  id: string;
  name: string;
  service: string;
  serviceName: string;
  kind: TServiceKind;
}

/** Every node (groups, then components) of a resolved design, priced for one environment. */
export function priceDesign(resolved: TResolvedDesign, environment: string): TPricedNode[] {
  const { provider, region } = resolved.design;
  return resolved.nodes.map((node) => ({
    id: node.id,
    name: node.name,
    service: node.service.id,
    serviceName: node.service.name,
    kind: node.service.kind,
    ...estimateResource(
      provider,
      node.service.id,
      node.service.kind,
      propertiesIn(node, environment),
      region,
    ),
  }));
}

export interface TCostTotals {
  currency: 'USD';
  monthlyTotal: number;
  multiplier: number;
  simulatedCost: number;
  pricedCount: number;
  unpricedCount: number;
  partialCount: number;
  pricesAsOf: string | null;
}

/** §4: cost = the sum of the resources' costs × the provider's multiplier (§9). */
export function summariseCosts(
  cloud: TCloud,
  resources: readonly TResourceEstimate[],
): TCostTotals {
  const priced = resources.filter((r) => r.estimatedCost !== null);
  const monthlyTotal = cents(priced.reduce((sum, r) => sum + (r.estimatedCost ?? 0), 0));
  const multiplier = PROVIDER_MULTIPLIERS[cloud];
  const dates = priced.flatMap((r) => r.prices.map((p) => p.asOf)).sort();
  return {
    currency: 'USD',
    monthlyTotal,
    multiplier,
    simulatedCost: cents(monthlyTotal * multiplier),
    pricedCount: priced.length,
    unpricedCount: resources.length - priced.length,
    partialCount: priced.filter((r) => r.unpricedReason !== null).length,
    pricesAsOf: dates[0] ?? null,
  };
}
