import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The messages of rule oci-dynamic-group-grant for an OCI design with a VM in a private subnet. */
function grantWarnings(components: object[], connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'grants',
    provider: 'oci',
    region: 'eu-frankfurt-1',
    groups: [
      { id: 'main', service: 'oci.vcn', name: 'main' },
      {
        id: 'app',
        service: 'oci.subnet',
        name: 'app',
        parent: 'main',
        properties: { cidr: '10.0.2.0/24', public: false },
      },
    ],
    components: [
      { id: 'vm', service: 'oci.compute-instance', name: 'loader', group: 'app' },
      { id: 'nat', service: 'oci.nat-gateway', name: 'nat', group: 'main' },
      { id: 'bucket', service: 'oci.object-storage', name: 'exports' },
      { id: 'db', service: 'oci.postgresql', name: 'db', group: 'app' },
      ...components,
    ],
    connections,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('dynamic group'))
    .map((i) => `${i.path}: ${i.message}`);
}

const uses = { from: 'vm', to: 'bucket', type: 'data' };
const group = (members: string) => ({
  id: 'identity',
  service: 'oci.dynamic-group',
  name: 'loader',
  properties: { members },
});

describe('rule oci-dynamic-group-grant', () => {
  it('says an instance that uses a bucket with no dynamic group granting it is refused', () => {
    expect(grantWarnings([], [uses])).toEqual([
      'connections[0]: “loader” uses Object Storage bucket “exports”, but no dynamic group grants it: add a dynamic group (members: instances) with a data connection to “exports”, or connect an existing one',
    ]);
  });

  it('is satisfied by a dynamic group of instances connected to the bucket', () => {
    const grant = { from: 'identity', to: 'bucket', type: 'data' };
    expect(grantWarnings([group('instances')], [uses, grant])).toEqual([]);
  });

  it('is not satisfied by a group of other members, or one not connected to the bucket', () => {
    const grant = { from: 'identity', to: 'bucket', type: 'data' };
    expect(grantWarnings([group('functions')], [uses, grant])).toHaveLength(1);
    expect(grantWarnings([group('instances')], [uses])).toHaveLength(1);
  });

  it('asks nothing for a container instance pulling from a registry (its builder grants it)', () => {
    const ci = { id: 'ci', service: 'oci.container-instance', name: 'api', group: 'app' };
    const registry = { id: 'images', service: 'oci.container-registry', name: 'images' };
    expect(grantWarnings([ci, registry], [{ from: 'ci', to: 'images', type: 'data' }])).toEqual([]);
    expect(
      grantWarnings([ci, registry], [{ from: 'ci', to: 'bucket', type: 'data' }]),
    ).toHaveLength(1);
  });

  it('asks nothing for a database reached over the network', () => {
    expect(grantWarnings([], [{ from: 'vm', to: 'db', type: 'data' }])).toEqual([]);
  });

  it('asks for a grant to a database whose admin password Vault generates', () => {
    const vault = { id: 'vault', service: 'oci.vault', name: 'keys' };
    const connections = [
      { from: 'vm', to: 'db', type: 'data' },
      { from: 'db', to: 'vault', type: 'data' },
    ];
    expect(grantWarnings([vault], connections)).toEqual([
      'connections[0]: “loader” uses OCI Database with PostgreSQL “db”, but no dynamic group grants reading its admin password from Vault: add a dynamic group (members: instances) with a data connection to “db”, or connect an existing one',
    ]);
    const grant = { from: 'identity', to: 'db', type: 'data' };
    expect(grantWarnings([vault, group('instances')], [...connections, grant])).toEqual([]);
  });

  it('asks the same for a HeatWave MySQL DB system whose password Vault keeps', () => {
    const vault = { id: 'vault', service: 'oci.vault', name: 'keys' };
    const mysql = { id: 'mysql', service: 'oci.mysql-heatwave', name: 'orders', group: 'app' };
    const connections = [
      { from: 'vm', to: 'mysql', type: 'data' },
      { from: 'mysql', to: 'vault', type: 'data' },
    ];
    expect(grantWarnings([vault, mysql], connections)).toEqual([
      expect.stringMatching(
        /^connections\[0\]: “loader” uses .* “orders”, but no dynamic group grants reading its admin password from Vault/,
      ),
    ]);
    const grant = { from: 'identity', to: 'mysql', type: 'data' };
    expect(grantWarnings([vault, mysql, group('instances')], [...connections, grant])).toEqual([]);
  });

  it('asks for a grant to a data warehouse, whose mutual TLS wallet its clients download', () => {
    const dw = {
      id: 'dw',
      service: 'oci.autonomous-data-warehouse',
      name: 'warehouse',
      group: 'app',
    };
    const connections = [{ from: 'vm', to: 'dw', type: 'data' }];
    expect(grantWarnings([dw], connections)).toEqual([
      'connections[0]: “loader” uses Autonomous Data Warehouse “warehouse”, but no dynamic group grants it: add a dynamic group (members: instances) with a data connection to “warehouse”, or connect an existing one',
    ]);
    const grant = { from: 'identity', to: 'dw', type: 'data' };
    expect(grantWarnings([dw, group('instances')], [...connections, grant])).toEqual([]);
  });
});
