import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The warnings of rule oci-database-password for an OCI design with databases and a workload. */
function passwordWarnings(components: object[], connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'passwords',
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
      { id: 'oke', service: 'oci.oke', name: 'apps', group: 'app' },
      { id: 'mysql', service: 'oci.mysql-heatwave', name: 'orders', group: 'app' },
      { id: 'pg', service: 'oci.postgresql', name: 'ledger', group: 'app' },
      { id: 'vault', service: 'oci.vault', name: 'keys' },
      { id: 'dw', service: 'oci.autonomous-data-warehouse', name: 'reports', group: 'app' },
      { id: 'docs', service: 'oci.autonomous-json', name: 'docs', group: 'app' },
      ...components,
    ],
    connections,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('admin password is only a Terraform variable'))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('rule oci-database-password', () => {
  it('says a workload using a MySQL or PostgreSQL DB system without a vault gets no password', () => {
    const connections = [
      { from: 'oke', to: 'mysql', type: 'data' },
      { from: 'oke', to: 'pg', type: 'data' },
    ];
    expect(passwordWarnings([], connections)).toEqual([
      "connections[0]: “apps” uses HeatWave MySQL DB system “orders”, whose admin password is only a Terraform variable: it is told where to connect and as whom but no password. Connect “orders” to a vault (a data connection) to keep the password there and give it the secret's OCID",
      expect.stringMatching(/^connections\[1\]: “apps” uses .* “ledger”, whose admin password/),
    ]);
  });

  it('says the same of an Autonomous Database, whose ADMIN password Vault can generate', () => {
    const connections = [
      { from: 'oke', to: 'dw', type: 'data' },
      { from: 'oke', to: 'docs', type: 'data' },
      { from: 'docs', to: 'vault', type: 'data' },
    ];
    expect(passwordWarnings([], connections)).toEqual([
      expect.stringMatching(
        /^connections\[0\]: “apps” uses Autonomous Data Warehouse “reports”, whose admin password is only a Terraform variable/,
      ),
    ]);
  });

  it('is satisfied by the database connected to a vault', () => {
    const connections = [
      { from: 'oke', to: 'mysql', type: 'data' },
      { from: 'mysql', to: 'vault', type: 'data' },
    ];
    expect(passwordWarnings([], connections)).toEqual([]);
  });

  it('asks nothing of a database no workload uses, or one a workload only watches', () => {
    const alarm = { id: 'cpu', service: 'oci.monitoring-alarm', name: 'cpu' };
    expect(passwordWarnings([alarm], [{ from: 'cpu', to: 'mysql', type: 'data' }])).toEqual([]);
  });
});
