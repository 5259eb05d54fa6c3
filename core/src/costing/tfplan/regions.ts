import { REFERENCE_REGION } from '../book';
import type { TTfResource, TTfValues } from './model';
import { asString } from './values';

export interface TRegionChoice {
  region: string;
  /** Set when the plan does not say the region and the cloud's reference region is used. */
  note: string | null;
}

/** Finds a resource of the same plan (by `type.name` in the same module, or by a predicate). */
export type TResourceLookup = (from: TTfResource, reference: string) => TTfResource | undefined;

/** Where an Azure resource without a `location` lives: the resource it belongs to. */
const AZURE_PARENTS = [
  'loadbalancer_id',
  'key_vault_id',
  'kubernetes_cluster_id',
  'server_id',
  'service_plan_id',
  'app_service_plan_id',
  'storage_account_id',
  'resource_group_name',
];

const AWS_REGION = /^([a-z]{2}(?:-gov|-iso[a-z]?)?-[a-z]+-\d+)/;
const GCP_REGION = /^([a-z]+-[a-z]+\d+)(?:-[a-z])?$/;

/** `us-east-1b` → `us-east-1`; `arn:aws:ec2:eu-west-1:…` → `eu-west-1`. */
function awsRegionFrom(v: string | null): string | null {
  if (!v) return null;
  const arn = /^arn:aws[a-z-]*:[^:]*:([^:]+):/.exec(v);
  return (arn ? AWS_REGION.exec(arn[1] ?? '') : AWS_REGION.exec(v))?.[1] ?? null;
}

/** Azure writes locations both ways: `West Europe` and `westeurope`; prices use the latter. */
export function azureLocation(v: string | null): string | null {
  return v ? v.toLowerCase().replace(/\s+/g, '') : null;
}

/** `us-central1-a` → `us-central1`; multi-regions (`US`, `EU`) → lowercased as they are. */
export function gcpRegion(v: string | null): string | null {
  if (!v) return null;
  const lower = v.toLowerCase();
  return GCP_REGION.exec(lower)?.[1] ?? lower;
}

/**
 * The region a resource is priced in. AWS: the resource's own `region` (provider 6), else its
 * provider configuration's, else its availability zone or ARN. Azure: its `location` (what Azure
 * prices by), else that of the resource it belongs to (its load balancer, key vault, resource group…). GCP: its `region`, `zone` or `location`, else the provider's.
 */
export function regionOf(
  resource: TTfResource,
  values: TTfValues,
  lookup: TResourceLookup,
): TRegionChoice {
  const cloud = resource.cloud ?? 'aws';
  if (cloud === 'oci')
    return { region: asString(values.region) ?? REFERENCE_REGION.oci, note: null };
  let region: string | null = null;
  if (cloud === 'aws') {
    region =
      awsRegionFrom(asString(values.region)) ??
      resource.providerRegion ??
      awsRegionFrom(asString(values.availability_zone)) ??
      awsRegionFrom(asString(values.arn));
  } else if (cloud === 'azure') {
    region = azureLocation(asString(values.location));
    for (const attribute of AZURE_PARENTS) {
      if (region) break;
      const parent = lookup(resource, attribute);
      region = azureLocation(asString((parent?.after ?? parent?.before)?.location));
    }
  } else if (cloud === 'gcp') {
    region =
      gcpRegion(asString(values.region)) ??
      gcpRegion(asString(values.zone)) ??
      gcpRegion(asString(values.location)) ??
      gcpRegion(/\/locations\/([^/]+)/.exec(asString(values.key_ring) ?? '')?.[1] ?? null) ??
      resource.providerRegion;
  }
  if (region) return { region, note: null };
  const fallback = REFERENCE_REGION[cloud];
  return {
    region: fallback,
    note: `the file does not say this resource's region; priced in ${fallback}`,
  };
}
