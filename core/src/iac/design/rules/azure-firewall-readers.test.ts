import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The warnings of rule azure-firewall-readers when these components read a vault, a secret and a share. */
function readerWarnings(readers: Record<string, unknown>[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'orders',
    provider: 'azure',
    region: 'westeurope',
    groups: [
      {
        id: 'net',
        service: 'azure.virtual-network',
        name: 'main',
        properties: { cidr: '10.0.0.0/16' },
      },
      {
        id: 'apps',
        service: 'azure.subnet',
        name: 'apps',
        parent: 'net',
        properties: { cidr: '10.0.1.0/24' },
      },
    ],
    components: [
      { id: 'vault', service: 'azure.key-vault', name: 'secrets' },
      { id: 'db-url', service: 'azure.key-vault-secret', name: 'db-url' },
      { id: 'exports', service: 'azure.file-share', name: 'exports' },
      ...readers,
    ],
    connections: [
      { from: 'db-url', to: 'vault', type: 'data' },
      ...readers.flatMap((r) =>
        ['vault', 'db-url', 'exports'].map((to) => ({ from: r['id'], to, type: 'data' })),
      ),
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('is in no network and cannot read'))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('rule azure-firewall-readers', () => {
  it('warns that a function app outside every network is refused by the vault, the secret’s vault and the share', () => {
    expect(readerWarnings([{ id: 'fn', service: 'azure.function-app', name: 'orders' }])).toEqual([
      'connections[1]: “orders” (Function app (Linux)) is in no network and cannot read “secrets” (Key Vault): its Key Vault admits only the subnets of its readers, trusted Azure services and the addresses it lists, so every request is refused (403): place it in a subnet of a virtual network (VNet integration)',
      'connections[2]: “orders” (Function app (Linux)) is in no network and cannot read “db-url” (Key Vault secret): its Key Vault admits only the subnets of its readers, trusted Azure services and the addresses it lists, so every request is refused (403): place it in a subnet of a virtual network (VNet integration)',
      'connections[3]: “orders” (Function app (Linux)) is in no network and cannot read “exports” (Azure Files share): its storage account admits only the subnets of its readers, trusted Azure services and the addresses it lists, so every request is refused (403): place it in a subnet of a virtual network (VNet integration)',
    ]);
  });

  it('says the same of an App Service app and a container app, not of the ones in a subnet', () => {
    expect(
      readerWarnings([
        { id: 'web', service: 'azure.app-service', name: 'web' },
        { id: 'api', service: 'azure.container-app', name: 'api' },
      ]),
    ).toHaveLength(6);
    expect(
      readerWarnings([
        { id: 'web', service: 'azure.app-service', name: 'web', group: 'apps' },
        { id: 'vm', service: 'azure.linux-vm', name: 'vm', group: 'apps' },
      ]),
    ).toEqual([]);
  });
});
