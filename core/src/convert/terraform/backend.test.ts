import { describe, expect, it } from 'vitest';
import { terraformToDesign } from './import';

/**
 * The state backend is read back into the design (`layout.backend`, the name from the key
 * prefix) and the file layout with it, so the code generated again keeps each environment's
 * state where it is and each resource at its address.
 */
const bucket = `resource "aws_s3_bucket" "files" {
  bucket = "acme-files"
}
`;
const warningsOf = (out: ReturnType<typeof terraformToDesign>) =>
  out.warnings.map((w) => `${w.file}:${w.line} ${w.message}`);

describe('Terraform import: the state backend', () => {
  it('reads a partial s3 backend and its per-environment files into the design', () => {
    const out = terraformToDesign([
      { path: 'backend.tf', content: 'terraform {\n  backend "s3" {}\n}\n' },
      { path: 'main.tf', content: bucket },
      { path: 'env/dev.tfvars', content: 'environment = "dev"\n' },
      { path: 'env/prod.tfvars', content: 'environment = "prod"\n' },
      {
        path: 'env/dev.backend.hcl',
        content:
          'bucket = "acme-orders-tfstate"\nkey = "orders-api/dev/terraform.tfstate"\nregion = "eu-west-1"\n',
      },
      {
        path: 'env/prod.backend.hcl',
        content:
          'bucket = "acme-orders-tfstate"\nkey = "orders-api/prod/terraform.tfstate"\nregion = "eu-west-1"\n',
      },
    ]);
    expect(out.design?.name).toBe('orders-api');
    expect(out.design?.layout?.terraform).toBe('standard');
    expect(out.design?.layout?.backend).toEqual({
      bucket: 'acme-orders-tfstate',
      region: 'eu-west-1',
      keyPrefix: 'orders-api',
    });
    expect(warningsOf(out).filter((w) => w.includes('state'))).toEqual([]);
  });

  it('reads the complete azurerm backend of each environment folder', () => {
    const root = (env: string) => `terraform {
  backend "azurerm" {
    resource_group_name  = "rg-contoso-tfstate"
    storage_account_name = "stcontosotfstate"
    container_name       = "tfstate"
    key                  = "contoso-web/${env}.tfstate"
  }
}
module "stack" {
  source = "../../modules/stack"
}
`;
    const out = terraformToDesign([
      { path: 'envs/dev/main.tf', content: root('dev') },
      { path: 'envs/prod/main.tf', content: root('prod') },
      {
        path: 'modules/stack/main.tf',
        content:
          'resource "azurerm_resource_group" "rg" {\n  name     = "rg-web"\n  location = "westeurope"\n}\n',
      },
    ]);
    expect(out.design?.layout?.backend).toEqual({
      resourceGroup: 'rg-contoso-tfstate',
      storageAccount: 'stcontosotfstate',
      container: 'tfstate',
      keyPrefix: 'contoso-web',
    });
    expect(out.design?.region).toBe('westeurope');
    // Generated again in env folders: the resources keep their module.stack addresses.
    expect(out.design?.layout?.terraform).toBe('env-folders');
  });

  it('says when the state keys or the backend are not what the design can write', () => {
    const keyed = terraformToDesign([
      {
        path: 'main.tf',
        content: `terraform {\n  backend "gcs" {\n    bucket = "shop-state"\n    prefix = "terraform/state"\n  }\n}\nresource "google_storage_bucket" "files" {\n  name     = "acme-files"\n  location = "EU"\n}\n`,
      },
    ]);
    expect(keyed.design?.layout?.backend).toEqual({ bucket: 'shop-state' });
    expect(keyed.design?.layout?.terraform).toBe('single');
    expect(warningsOf(keyed)).toContainEqual(
      expect.stringMatching(
        /^main\.tf:2 the state prefix of each environment is not written as NAME\/ENV/,
      ),
    );
    const remote = terraformToDesign([
      {
        path: 'main.tf',
        content: `terraform {\n  backend "remote" {\n    organization = "acme"\n  }\n}\n${bucket}`,
      },
    ]);
    expect(remote.design?.layout?.backend).toBeUndefined();
    expect(warningsOf(remote)).toContainEqual(
      expect.stringContaining('the state is kept by the "remote" backend'),
    );
  });
});
