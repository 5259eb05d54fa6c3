import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * Reading a Key Vault secret is a request to the vault it lives in, which its deny-by-default
 * firewall judges. A component connected to the secret alone, not to the vault, was admitted by
 * neither: its subnet had no Microsoft.KeyVault service endpoint and the vault listed no subnet
 * of it, so every read was refused with 403 ForbiddenByFirewall.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'vault', service: 'azure.key-vault', name: 'secrets' },
    { id: 'db-url', service: 'azure.key-vault-secret', name: 'db-url' },
    { id: 'api-key', service: 'azure.key-vault-secret', name: 'api-key' },
    { id: 'api', service: 'azure.container-app', name: 'api', group: 'sn-0' },
    { id: 'worker', service: 'azure.linux-vm', name: 'worker', group: 'sn-1' },
  ],
  connections: [
    { from: 'db-url', to: 'vault', type: 'data' },
    { from: 'api', to: 'db-url', type: 'data' },
    // api-key connects to no vault: it lives in one of its own.
    { from: 'worker', to: 'api-key', type: 'data' },
  ],
});

function generated(format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (format: 'terraform' | 'arm' | 'bicep', path: string) =>
  generated(format).files.find((f) => f.path === path)!.content;

interface TResource {
  type: string;
  name: string;
  properties?: {
    networkAcls?: { virtualNetworkRules?: { id: string }[] };
    serviceEndpoints?: { service: string }[];
  };
}

describe("azure: the vault of a secret admits the secret's readers", () => {
  it('Terraform: the shared vault and the secret’s own vault list the readers’ subnets, which have the Key Vault endpoint', () => {
    const main = file('terraform', 'main.tf');
    expect(resourceBlock(main, 'azurerm_key_vault', 'vault')).toMatch(
      /virtual_network_subnet_ids = \[azurerm_subnet\.sn_0\.id\]/,
    );
    expect(resourceBlock(main, 'azurerm_key_vault', 'api_key')).toMatch(
      /virtual_network_subnet_ids = \[azurerm_subnet\.sn_1\.id\]/,
    );
    for (const subnet of ['sn_0', 'sn_1']) {
      expect(resourceBlock(main, 'azurerm_subnet', subnet)).toMatch(
        /service_endpoints\s+= \["Microsoft\.KeyVault"\]/,
      );
    }
  });

  it('ARM: the same virtual network rules and service endpoints', () => {
    const template = JSON.parse(file('arm', 'azuredeploy.json')) as { resources: TResource[] };
    const rulesOf = (name: string) =>
      template.resources
        .find((r) => r.type === 'Microsoft.KeyVault/vaults' && r.name.includes(name))!
        .properties?.networkAcls?.virtualNetworkRules?.map((rule) => rule.id);
    const subnetId = (subnet: string) =>
      `[resourceId('Microsoft.Network/virtualNetworks/subnets', format('acme-shop-{0}-vnet-main', parameters('environment')), format('acme-shop-{0}-snet-${subnet}', parameters('environment')))]`;
    expect(rulesOf('kv-scrts')).toEqual([subnetId('sn0')]);
    expect(rulesOf('secret-kv')).toEqual([subnetId('sn1')]);
    const subnets = template.resources.filter(
      (r) => r.type === 'Microsoft.Network/virtualNetworks/subnets',
    );
    expect(subnets).toHaveLength(2);
    for (const subnet of subnets) {
      expect(subnet.properties?.serviceEndpoints).toEqual([{ service: 'Microsoft.KeyVault' }]);
    }
  });

  it('Bicep: the shared vault admits the container app’s subnet', () => {
    expect(file('bicep', 'main.bicep')).toMatch(/virtualNetworkRules: \[\n\s+\{\n\s+id: sn0\.id/);
  });

  it('checks against the provider schemas and ARM types', async () => {
    const all = [
      ...generated('terraform').files,
      ...generated('arm').files,
      ...generated('bicep').files,
    ];
    expect(await checkOutput(all, sharedOrBundledSchemas())).toEqual([]);
  });
});
