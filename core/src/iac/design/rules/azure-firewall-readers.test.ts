import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

const NETWORK = [
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
];

/** The warnings of rule azure-firewall-readers when each reader reads each store. */
function readerWarnings(
  readers: Record<string, unknown>[],
  stores: Record<string, unknown>[],
  more: { components?: Record<string, unknown>[]; connections?: Record<string, unknown>[] } = {},
) {
  const parsed = parseDesign({
    v: 2,
    name: 'orders',
    provider: 'azure',
    region: 'westeurope',
    groups: NETWORK,
    components: [...stores, ...readers, ...(more.components ?? [])],
    connections: [
      ...(more.connections ?? []),
      ...readers.flatMap((r) => stores.map((s) => ({ from: r['id'], to: s['id'], type: 'data' }))),
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('is in no network and cannot read'))
    .map((i) => `${i.path}: ${i.message}`);
}

const VAULT_STORES = [
  { id: 'vault', service: 'azure.key-vault', name: 'secrets' },
  { id: 'db-url', service: 'azure.key-vault-secret', name: 'db-url' },
  { id: 'exports', service: 'azure.file-share', name: 'exports' },
];
const KEY_VAULT =
  'its Key Vault admits only the subnets of its readers, trusted Azure services and the addresses it lists, so every request is refused';

describe('rule azure-firewall-readers', () => {
  it('warns that an App Service app outside every network is refused by a vault, a secret’s vault and a share, and says to integrate it', () => {
    expect(
      readerWarnings([{ id: 'web', service: 'azure.app-service', name: 'web' }], VAULT_STORES),
    ).toEqual([
      `connections[0]: “web” (App Service (Linux web app)) is in no network and cannot read “secrets” (Key Vault): ${KEY_VAULT}: place it in a subnet of a virtual network (VNet integration)`,
      `connections[1]: “web” (App Service (Linux web app)) is in no network and cannot read “db-url” (Key Vault secret): ${KEY_VAULT}: place it in a subnet of a virtual network (VNet integration)`,
      'connections[2]: “web” (App Service (Linux web app)) is in no network and cannot read “exports” (Azure Files share): its storage account admits only the subnets of its readers, trusted Azure services and the addresses it lists, so every request is refused: place it in a subnet of a virtual network (VNet integration)',
    ]);
  });

  it('tells a function app, which joins no network here, to read through a workload in a subnet', () => {
    expect(
      readerWarnings(
        [{ id: 'fn', service: 'azure.function-app', name: 'orders' }],
        VAULT_STORES.slice(0, 1),
      ),
    ).toEqual([
      `connections[0]: “orders” (Function app (Linux)) is in no network and cannot read “secrets” (Key Vault): ${KEY_VAULT}: a Function app (Linux) is not placed in a network here: read it from a workload in a subnet instead`,
    ]);
  });

  it('warns of a store a private endpoint exposes, and of none without one', () => {
    const cosmos = [{ id: 'events', service: 'azure.cosmos-db', name: 'events' }];
    const api = [{ id: 'api', service: 'azure.container-app', name: 'api' }];
    expect(
      readerWarnings(api, cosmos, {
        components: [{ id: 'pep', service: 'azure.private-endpoint', name: 'pep', group: 'apps' }],
        connections: [{ from: 'pep', to: 'events', type: 'traffic' }],
      }),
    ).toEqual([
      'connections[1]: “api” (Container app) is in no network and cannot read “events” (Azure Cosmos DB (NoSQL)): its public network access is off, as private endpoint “pep” (Private endpoint) exposes it, so every request is refused: place it in a subnet of a virtual network (VNet integration)',
    ]);
    expect(readerWarnings(api, cosmos)).toEqual([]);
  });

  it('says nothing of readers in a subnet', () => {
    expect(
      readerWarnings(
        [
          { id: 'web', service: 'azure.app-service', name: 'web', group: 'apps' },
          { id: 'vm', service: 'azure.linux-vm', name: 'vm', group: 'apps' },
        ],
        VAULT_STORES,
      ),
    ).toEqual([]);
  });
});
