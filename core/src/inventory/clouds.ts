import type { TCloud } from '../iac/types';

/** Provider types by the cloud they manage (including older and companion providers). */
const CLOUD_BY_PROVIDER: Readonly<Record<string, TCloud>> = {
  aws: 'aws',
  awscc: 'aws',
  azurerm: 'azure',
  azapi: 'azure',
  // The pre-release name of azapi, still found in real states.
  'azurerm-restapi': 'azure',
  azuread: 'azure',
  azurestack: 'azure',
  google: 'gcp',
  'google-beta': 'gcp',
  oci: 'oci',
};

/** Providers that manage no cloud resource (builtin, utility, platforms): cloud null, no warning. */
const NOT_CLOUD = new Set([
  'terraform',
  'random',
  'tls',
  'local',
  'null',
  'time',
  'archive',
  'http',
  'external',
  'template',
  'cloudinit',
  'kubernetes',
  'helm',
  'kubectl',
  'github',
  'gitlab',
  'tfe',
  'vault',
  'consul',
  'nomad',
  'docker',
  'dns',
  'datadog',
  'cloudflare',
  'test',
]);

export function cloudOfProviderType(type: string | null): TCloud | null {
  return type ? (CLOUD_BY_PROVIDER[type] ?? null) : null;
}

/** True when the provider is neither a cloud nor a known non-cloud one (worth a warning). */
export function isUnknownProvider(type: string): boolean {
  return !(type in CLOUD_BY_PROVIDER) && !NOT_CLOUD.has(type);
}

/** When nothing names the provider: the resource type's prefix (`google_project` → gcp). */
export function cloudOfResourceTypeName(type: string): TCloud | null {
  const underscore = type.indexOf('_');
  return underscore > 0 ? cloudOfProviderType(type.slice(0, underscore)) : null;
}

/** A cloud as a user writes it in a CSV (`AWS`, `Azure`, `google`, `GCP`, `oracle`). */
export function cloudOfName(name: string): TCloud | null {
  const n = name.trim().toLowerCase();
  if (n === 'aws' || n === 'amazon') return 'aws';
  if (n === 'azure' || n === 'microsoft' || n === 'azurerm') return 'azure';
  if (n === 'gcp' || n === 'google' || n === 'google-beta') return 'gcp';
  if (n === 'oci' || n === 'oracle') return 'oci';
  return cloudOfProviderType(n);
}
