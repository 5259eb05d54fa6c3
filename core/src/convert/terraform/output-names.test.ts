import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { terraformFiles } from '../../iac/testing/small-design';
import { terraformToDesign } from './import';
import { chooseName } from './output-names';

/**
 * A name the engine shortened to fit its resource (`kv-…-pltfrm`, Key Vault names end at 24
 * characters) comes back from the outputs written for the component (`URI of platform`).
 */
const design = {
  v: 2,
  name: 'k8s',
  provider: 'azure',
  region: 'westeurope',
  environments: [{ name: 'dev' }, { name: 'prod' }],
  naming: { org: 'contoso', project: 'k8s', pattern: '{org}-{project}-{env}-{type}-{name}' },
  tags: { owner: 'platform' },
  groups: [],
  components: [
    { id: 'vault', service: 'azure.key-vault', name: 'platform' },
    { id: 'files', service: 'azure.storage-account', name: 'files' },
  ],
  connections: [],
};

beforeAll(() => useSchemaData(), 120_000);

describe('Terraform import: names from outputs', () => {
  it('reads a shortened name back from the output describing the component', () => {
    const files = terraformFiles(design, 'single').filter((f) => /\.(tf|tfvars)$/.test(f.path));
    const main = files.find((f) => f.path === 'main.tf')!.content;
    expect(main).toMatch(/name\s+= "[a-z0-9-]*\$\{var\.environment\}-kv-pltfrm"/);
    const read = terraformToDesign(files).design!;
    expect(read.components.find((c) => c.id === 'vault')?.name).toBe('platform');
  });

  it('does not take an output name the resource name cannot have been shortened from', () => {
    const files = terraformFiles(design, 'single')
      .filter((f) => /\.(tf|tfvars)$/.test(f.path))
      .map((f) => ({ ...f, content: f.content.replace(/"URI of platform"/, '"URI of orders"') }));
    const read = terraformToDesign(files).design!;
    expect(read.components.find((c) => c.id === 'vault')?.name).not.toBe('orders');
  });

  it('reads a name from a description without `of`, where the service writes its name', () => {
    // Identity Platform's configuration has no name of its own: only its output names it.
    const files = terraformFiles(
      {
        ...design,
        components: [
          { id: 'users', service: 'gcp.identity-platform', name: 'customers' },
          { id: 'files', service: 'gcp.cloud-storage', name: 'files' },
        ],
        provider: 'gcp',
        region: 'europe-west1',
      },
      'single',
    ).filter((f) => /\.(tf|tfvars)$/.test(f.path));
    const main = files.find((f) => f.path === 'main.tf')!.content;
    expect(main).toContain('description = "Identity Platform configuration customers"');
    const read = terraformToDesign(files).design!;
    expect(read.components.find((c) => c.id === 'users')?.name).toBe('customers');
  });

  it('takes the output name over a resource name that adds a suffix after it', () => {
    expect(chooseName('orders-afdp', 'orders')).toBe('orders');
    expect(chooseName('pltfrm', 'platform')).toBe('platform');
    expect(chooseName('pltfrm-sa', 'platform')).toBe('platform');
    expect(chooseName('orders', 'orders-api')).toBe('orders');
    expect(chooseName('api-afdp', 'orders')).toBe('api-afdp');
  });
});
