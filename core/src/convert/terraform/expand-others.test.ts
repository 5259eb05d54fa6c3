import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, useSchemaData } from '@stratum/cli/testing/fixtures';
import { prepareDesign } from '../../iac/generate';
import { terraformToDesign } from './import';

/** for_each and count as Azure users write them (fixtures/terraform/README.md names the shape). */
const FOLDER = join(REPO_ROOT, 'core/src/convert/fixtures/terraform/azure-subnets-for-each');

beforeAll(() => {
  useSchemaData();
}, 120_000);

describe('Terraform written by others: for_each and count', () => {
  it('subnets per map key, their NSG associations chained over them, NICs per count', () => {
    const files = readdirSync(FOLDER).map((name) => ({
      path: name,
      content: readFileSync(join(FOLDER, name), 'utf8'),
    }));
    const out = terraformToDesign(files);
    const design = out.design!;
    expect(prepareDesign(design).ok).toBe(true);
    expect(design.groups.map((g) => [g.id, g.service, g.parent])).toEqual([
      ['vnet', 'azure.virtual-network', undefined],
      ['this-app', 'azure.subnet', 'vnet'],
      ['this-data', 'azure.subnet', 'vnet'],
    ]);
    const byId = (id: string) => design.components.find((c) => c.id === id);
    // terraform.tfvars.json sets the location and the prefix.
    expect(byId('rg')?.resource?.arguments).toEqual({
      name: 'contoso-rg',
      location: 'westeurope',
    });
    expect(byId('this-data-2')?.resource).toMatchObject({
      type: 'azurerm_network_security_group',
      arguments: { name: 'contoso-data-nsg' },
    });
    // for_each = azurerm_subnet.this: each.value.id is that subnet, [each.key] the NSG alike.
    expect(byId('this-data-3')?.resource).toEqual({
      type: 'azurerm_subnet_network_security_group_association',
      arguments: {
        subnet_id: { $ref: 'this-data', attribute: 'id' },
        network_security_group_id: { $ref: 'this-data-2', attribute: 'id' },
      },
    });
    expect(byId('vm-1')?.resource?.arguments).toMatchObject({
      name: 'contoso-nic-1',
      ip_configuration: { subnet_id: { $ref: 'this-app', attribute: 'id' } },
    });
    expect(out.warnings).toContainEqual({
      file: 'main.tf',
      line: 38,
      message: 'azurerm_network_interface.vm[1]: kept as a generic azure resource "vm-1"',
    });
    expect(out.warnings.map((w) => w.message).join('\n')).not.toContain('one instance');
    expect(out.unconverted).toEqual([]);
  });
});
