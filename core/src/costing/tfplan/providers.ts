import type { TCloud } from '../../iac/types';

/** A provider as a plan or a state names it, reduced to what pricing needs. */
export interface TProviderRef {
  /** The provider's type: `aws`, `azurerm`, `google`, `google-beta`, `random`… */
  type: string;
  /** The configuration alias (`aws.west` → `west`), when the name carries one. */
  alias: string | null;
}

/** Provider types each priced cloud is reached through. */
const CLOUD_BY_PROVIDER: Readonly<Record<string, TCloud>> = {
  aws: 'aws',
  azurerm: 'azure',
  google: 'gcp',
  'google-beta': 'gcp',
  oci: 'oci',
};

/**
 * Every spelling Terraform has used: `aws`, `aws.west`, `provider.aws` (0.12 state),
 * `registry.terraform.io/hashicorp/aws` (0.13+ plans), `provider["registry.terraform.io/hashicorp/google-beta"]`
 * and its aliased form `provider["…/aws"].west` (0.13+ state), OpenTofu's `registry.opentofu.org/…`.
 */
export function parseProviderName(name: string): TProviderRef {
  let rest = name.trim();
  let alias: string | null = null;
  const quoted = /^provider\["([^"]+)"\](?:\.(.+))?$/.exec(rest);
  if (quoted) {
    rest = quoted[1] ?? '';
    alias = quoted[2] ?? null;
  } else if (rest.startsWith('provider.')) {
    rest = rest.slice('provider.'.length);
  }
  // A source address: hostname/namespace/type; the type is the last part.
  if (rest.includes('/')) return { type: rest.slice(rest.lastIndexOf('/') + 1), alias };
  // A local name, possibly with an alias (`aws.west`).
  const dot = rest.indexOf('.');
  if (dot > 0) return { type: rest.slice(0, dot), alias: alias ?? rest.slice(dot + 1) };
  return { type: rest, alias };
}

/** The cloud a provider prices on; null for the others (random, tls, kubernetes, test…). */
export function cloudOfProvider(type: string): TCloud | null {
  return CLOUD_BY_PROVIDER[type] ?? null;
}

/** When a resource names no provider: its type's prefix (`aws_instance` → aws). */
export function cloudOfResourceType(type: string): TCloud | null {
  const prefix = type.startsWith('google_') ? 'google' : type.slice(0, type.indexOf('_'));
  return cloudOfProvider(prefix);
}
