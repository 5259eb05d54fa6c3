import type { TBackendSettings } from '../design/backend-settings';
import type { TDesign } from '../design/schema-v2';
import type { TTfValue } from '../ir/terraform-ir';
import type { TCloud } from '../types';
import { renderTfvars } from '../emit/terraform-render';

/**
 * One Terraform state per environment, in the cloud's own object store. Every environment's
 * state has its own key, so planning prod never reads or replaces dev's resources.
 */
export interface TStateBackend {
  readonly type: 's3' | 'azurerm' | 'gcs' | 'oci';
  /** Settings every environment shares, in the order they are written. */
  readonly shared: readonly (readonly [string, TTfValue])[];
  /** The setting that separates environments (`key` or `prefix`) and its value for `env`. */
  keyOf(env: string): readonly [string, string];
  /** The shared setting the key is written after (the bucket or container it lives in). */
  readonly keyAfter: string;
  /** Settings the design does not hold and `terraform init` must be given (OCI namespace). */
  readonly missing: readonly {
    readonly name: string;
    readonly variable: string;
    readonly what: string;
  }[];
  readonly requiredVersion: string;
  /** One sentence for the README: where the state lives and how it is locked. */
  readonly where: string;
}

/**
 * Each cloud's backend: its type and the setting that keeps environments apart, with that
 * setting's value for a key prefix and an environment. The converter reads state back by it.
 */
export const STATE_KEYS: Readonly<
  Record<
    TCloud,
    {
      readonly type: TStateBackend['type'];
      readonly setting: 'key' | 'prefix';
      readonly keyOf: (prefix: string, env: string) => string;
    }
  >
> = {
  aws: { type: 's3', setting: 'key', keyOf: (p, env) => `${p}/${env}/terraform.tfstate` },
  azure: { type: 'azurerm', setting: 'key', keyOf: (p, env) => `${p}/${env}.tfstate` },
  gcp: { type: 'gcs', setting: 'prefix', keyOf: (p, env) => `${p}/${env}` },
  oci: { type: 'oci', setting: 'key', keyOf: (p, env) => `${p}/${env}/terraform.tfstate` },
};

/** The backend arguments the design's `layout.backend` holds, by argument name. */
export const BACKEND_SETTINGS: Readonly<Record<string, keyof TBackendSettings>> = {
  bucket: 'bucket',
  region: 'region',
  resource_group_name: 'resourceGroup',
  storage_account_name: 'storageAccount',
  container_name: 'container',
  namespace: 'namespace',
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `acme-shop` from the naming convention's org and project, else the design name. */
function baseName(design: TDesign): string {
  const fromNaming = slug([design.naming.org, design.naming.project].filter(Boolean).join('-'));
  return fromNaming || slug(design.name) || 'stratum';
}

/** The state store's names: the design's `layout.backend`, else derived from its naming. */
export function backendNamesOf(design: TDesign): Required<Omit<TBackendSettings, 'namespace'>> & {
  readonly namespace?: string;
} {
  const given = design.layout.backend ?? {};
  const base = baseName(design);
  return {
    bucket: given.bucket ?? `${base}-tfstate`.slice(0, 63).replace(/-+$/, ''),
    region: given.region ?? design.region,
    resourceGroup: given.resourceGroup ?? `rg-${base}-tfstate`,
    storageAccount:
      given.storageAccount ?? `st${base.replace(/[^a-z0-9]/g, '').slice(0, 15)}tfstate`,
    container: given.container ?? 'tfstate',
    keyPrefix: given.keyPrefix ?? (slug(design.name) || base),
    ...(given.namespace ? { namespace: given.namespace } : {}),
  };
}

export function stateBackendOf(design: TDesign): TStateBackend {
  const { bucket, region, keyPrefix: prefix, namespace, ...azure } = backendNamesOf(design);
  const { type, setting, keyOf } = STATE_KEYS[design.provider];
  const keyFor = (env: string): readonly [string, string] => [setting, keyOf(prefix, env)];
  switch (design.provider) {
    case 'aws':
      // use_lockfile: S3 native locking (a .tflock object beside the state), Terraform >= 1.10;
      // https://developer.hashicorp.com/terraform/language/backend/s3#state-locking
      return {
        type,
        shared: [
          ['bucket', bucket],
          ['region', region],
          ['encrypt', true],
          ['use_lockfile', true],
        ],
        keyOf: keyFor,
        keyAfter: 'bucket',
        missing: [],
        requiredVersion: '>= 1.10.0',
        where: `S3 bucket \`${bucket}\` (${region}), one key per environment, locked with S3 native lock files (\`use_lockfile\`, Terraform >= 1.10).`,
      };
    case 'azure': {
      const { storageAccount: account, resourceGroup: group, container } = azure;
      // use_azuread_auth: Entra ID instead of the account's shared keys (which stay disabled);
      // https://developer.hashicorp.com/terraform/language/backend/azurerm
      return {
        type,
        shared: [
          ['resource_group_name', group],
          ['storage_account_name', account],
          ['container_name', container],
          ['use_azuread_auth', true],
        ],
        keyOf: keyFor,
        keyAfter: 'container_name',
        missing: [],
        requiredVersion: '>= 1.5.0',
        where: `Azure Storage account \`${account}\` (resource group \`${group}\`), container \`${container}\`, one blob per environment, locked with a blob lease; access through Entra ID (the identity needs *Storage Blob Data Contributor*).`,
      };
    }
    case 'gcp':
      // https://developer.hashicorp.com/terraform/language/backend/gcs
      return {
        type,
        shared: [['bucket', bucket]],
        keyOf: keyFor,
        keyAfter: 'bucket',
        missing: [],
        requiredVersion: '>= 1.5.0',
        where: `Cloud Storage bucket \`${bucket}\`, one prefix per environment, locked by the gcs backend's lock object.`,
      };
    case 'oci':
      // The native `oci` backend (Terraform >= 1.12); Oracle deprecates the S3-compatible one:
      // https://docs.oracle.com/en-us/iaas/Content/terraform/object-storage-state.htm
      return {
        type,
        shared: [
          ['bucket', bucket],
          ...(namespace ? [['namespace', namespace] as const] : []),
          ['region', region],
        ],
        keyOf: keyFor,
        keyAfter: namespace ? 'namespace' : 'bucket',
        missing: namespace
          ? []
          : [
              {
                name: 'namespace',
                variable: 'OCI_NAMESPACE',
                what: "the tenancy's Object Storage namespace (`oci os ns get`)",
              },
            ],
        requiredVersion: '>= 1.12.0',
        where: `OCI Object Storage bucket \`${bucket}\` (${region}) through Terraform's native \`oci\` backend (Terraform >= 1.12), one key per environment, with the backend's state locking.`,
      };
  }
}

/** `env/<env>.backend.hcl`: the partial backend configuration `terraform init` reads. */
export function backendConfigFile(backend: TStateBackend, env: string): string {
  const entries: [string, TTfValue][] = [];
  for (const [k, v] of backend.shared) {
    entries.push([k, v]);
    if (k === backend.keyAfter) entries.push([...backend.keyOf(env)]);
  }
  return renderTfvars(entries);
}

/** The `backend` block inside `terraform {}`: complete for one environment's root, else partial. */
export function backendLines(backend: TStateBackend, env?: string): string[] {
  if (env === undefined) {
    return [
      '  # Partial configuration: terraform init -backend-config=env/<env>.backend.hcl',
      `  backend "${backend.type}" {}`,
    ];
  }
  const body = backendConfigFile(backend, env)
    .trimEnd()
    .split('\n')
    .map((l) => `    ${l}`);
  return [`  backend "${backend.type}" {`, ...body, '  }'];
}

/** `backend.tf` of a root module. */
export function backendFile(backend: TStateBackend, env?: string): string {
  return ['terraform {', ...backendLines(backend, env), '}', ''].join('\n');
}
