import { describe, expect, it } from 'vitest';
import { generate } from '../generate';
import type { TCloud } from '../types';

/** The state store a generation names, per cloud, derived or from `layout.backend`. */
const REGION: Record<TCloud, string> = {
  aws: 'eu-west-1',
  azure: 'westeurope',
  gcp: 'europe-west1',
  oci: 'eu-frankfurt-1',
};

function files(provider: TCloud, layout: Record<string, unknown> = {}, terraform = 'standard') {
  const r = generate(
    {
      v: 2,
      name: 'orders',
      provider,
      region: REGION[provider],
      environments: [{ name: 'dev' }, { name: 'prod' }],
      naming: { org: 'acme', project: 'Shop' },
      layout: { terraform, ...layout },
    },
    { format: 'terraform' },
  );
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return new Map(r.files.map((f) => [f.path, f.content]));
}

describe('state backend', () => {
  it('AWS: S3 with native locking, a key per environment, Terraform >= 1.10 (1.11: write-only secrets)', () => {
    const out = files('aws');
    expect(out.get('backend.tf')).toContain('backend "s3" {}');
    expect(out.get('env/prod.backend.hcl')).toBe(
      [
        'bucket       = "acme-shop-tfstate"',
        'key          = "orders/prod/terraform.tfstate"',
        'region       = "eu-west-1"',
        'encrypt      = true',
        'use_lockfile = true',
        '',
      ].join('\n'),
    );
    expect(out.get('versions.tf')).toContain('required_version = ">= 1.11.0"');
  });

  it('Azure: a storage account name Azure accepts, Entra ID auth', () => {
    const hcl = files('azure').get('env/dev.backend.hcl') ?? '';
    const account = /storage_account_name = "([^"]+)"/.exec(hcl)?.[1] ?? '';
    expect(account).toMatch(/^[a-z0-9]{3,24}$/);
    expect(hcl).toContain('key                  = "orders/dev.tfstate"');
    expect(hcl).toContain('use_azuread_auth     = true');
  });

  it('GCP: a prefix per environment; a bucket named in the design wins', () => {
    const hcl = files('gcp', { backend: { bucket: 'shop-state', keyPrefix: 'team/orders' } }).get(
      'env/prod.backend.hcl',
    );
    expect(hcl).toBe('bucket = "shop-state"\nprefix = "team/orders/prod"\n');
  });

  it('OCI: the native backend (>= 1.12); without a namespace the README says how to give it', () => {
    const out = files('oci', { ci: true });
    expect(out.get('versions.tf')).toContain('required_version = ">= 1.12.0"');
    expect(out.get('env/dev.backend.hcl')).not.toContain('namespace');
    expect(out.get('README.md')).toContain('-backend-config="namespace=$OCI_NAMESPACE"');
    expect(out.get('.github/workflows/terraform.yml')).toContain(
      '-backend-config="namespace=$OCI_NAMESPACE"',
    );
    const named = files('oci', { backend: { namespace: 'axtenancy' } });
    expect(named.get('env/dev.backend.hcl')).toContain('namespace = "axtenancy"');
    expect(named.get('README.md')).not.toContain('OCI_NAMESPACE');
  });

  it('env-folders: each root has a complete backend block of its own', () => {
    const out = files('aws', {}, 'env-folders');
    expect(out.get('envs/dev/backend.tf')).toContain(
      'key          = "orders/dev/terraform.tfstate"',
    );
    expect(out.get('envs/prod/backend.tf')).toContain(
      'key          = "orders/prod/terraform.tfstate"',
    );
    expect([...out.keys()].some((p) => p.startsWith('env/'))).toBe(false);
  });

  it('shared roots: per-environment variables have no default, so -var-file cannot be forgotten', () => {
    const out = files('aws');
    expect(out.has('terraform.tfvars')).toBe(false);
    expect(out.get('variables.tf')).toMatch(/variable "environment" \{[^}]*\}/);
    expect(
      /variable "environment" \{([^}]*)\}/.exec(out.get('variables.tf') ?? '')?.[1],
    ).not.toContain('default');
    expect(out.get('env/prod.tfvars')).toContain('environment = "prod"');
  });
});
