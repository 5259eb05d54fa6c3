import { CLOUD_PROFILES } from '../../iac/catalog/registry';
import type { TCloud } from '../../iac/types';
import type { TInstance } from './instantiate';

/**
 * The design's region: the default provider configuration's (an aliased one, `aws.us_east_1`,
 * is not it), else the location most resources are in.
 */
export function regionOf(instance: TInstance, cloud: TCloud): string {
  const provider = instance.providers.get(CLOUD_PROFILES[cloud].terraform.name);
  const region = provider?.['region'] ?? provider?.['location'];
  if (typeof region === 'string' && region !== '') return region;
  // azurerm has no region of its own: the location most resources are in (`var.region`'s), if
  // it is one of the cloud's regions (a Cloud Storage bucket's location may be "EU").
  const regions = new Set(CLOUD_PROFILES[cloud].regions);
  const counts = new Map<string, number>();
  for (const r of instance.resources) {
    const at = r.body['location'] ?? r.body['region'];
    if (typeof at === 'string' && regions.has(at)) counts.set(at, (counts.get(at) ?? 0) + 1);
  }
  const common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
  return common ?? CLOUD_PROFILES[cloud].regions[0] ?? 'eu-central-1';
}
