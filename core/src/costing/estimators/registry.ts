import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TCloud, TServiceKind } from '../../iac/types';
import { CLOUD_NAMES } from '../pricer';
import { AWS_PRICING } from './aws';
import { AZURE_PRICING } from './azure';
import { GCP_PRICING } from './gcp';
import type { TPricingTable, TServicePricing } from './types';

/** One pricing table per cloud with list prices in the book; adding a cloud is one entry. */
export const PRICING_TABLES: Readonly<Partial<Record<TCloud, TPricingTable>>> = {
  aws: AWS_PRICING,
  azure: AZURE_PRICING,
  gcp: GCP_PRICING,
};

/** Kinds no provider bills for by themselves, on any cloud (OCI's included). */
const FREE_KINDS: Partial<Record<TServiceKind, string>> = {
  network: 'Networks have no charge',
  subnet: 'Subnets have no charge',
  'security-group': 'Security rules have no charge',
  'internet-gateway': 'Internet gateways have no charge (egress is priced where it leaves)',
  identity: 'Identities and roles have no charge',
};

/** How `service` is priced when the book has list prices for its cloud. */
export function pricingOf(service: TServiceDefinition): TServicePricing {
  const entry = PRICING_TABLES[service.cloud]?.[service.id];
  if (entry) return entry;
  const freeReason = FREE_KINDS[service.kind];
  if (freeReason) return { kind: 'free', reason: freeReason };
  if (service.kind === 'resource')
    return {
      kind: 'unpriced',
      reason: 'Generic resources (any provider type) are not priced: only catalog services are',
    };
  return {
    kind: 'unpriced',
    reason: `${service.name}: the estimator has no prices for ${CLOUD_NAMES[service.cloud]} services`,
  };
}

/** Kinds that are free whatever the cloud: used when the book has no prices for a cloud. */
export function freeReasonOf(service: TServiceDefinition): string | undefined {
  const entry = PRICING_TABLES[service.cloud]?.[service.id];
  return entry?.kind === 'free' ? entry.reason : FREE_KINDS[service.kind];
}
