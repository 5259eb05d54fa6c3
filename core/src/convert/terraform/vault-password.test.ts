import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../../iac/generate';
import { terraformToDesign } from './import';

/**
 * A HeatWave MySQL DB system whose admin password a vault keeps: the secret holds the password
 * variable and nothing ties it to the DB system but that variable, while the workloads that use
 * the database point at it (their `<DB>_SECRET_ID` setting, their dynamic group's grant).
 */
function roundTrip(design: Record<string, unknown>) {
  const original = prepareDesign(design);
  if (!original.ok) throw new Error(original.issues.map((i) => i.message).join('\n'));
  const generated = generate(original.design, { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  const imported = terraformToDesign(generated.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
  const back = prepareDesign(imported.design);
  if (!back.ok) throw new Error(back.issues.map((i) => i.message).join('\n'));
  const nodes = (p: typeof back) =>
    p.resolved.nodes.map((n) => `${n.id} ${n.service.id} ${JSON.stringify(n.properties)}`).sort();
  const connections = (p: typeof back) =>
    p.design.connections.map((c) => `${c.from}>${c.to}:${c.type}`).sort();
  const code = (p: typeof back) => {
    const r = generate(p.design, { format: 'terraform', layout: 'single' });
    if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
    return r.files.find((f) => f.path.endsWith('main.tf'))?.content;
  };
  return {
    original: { nodes: nodes(original), connections: connections(original), code: code(original) },
    back: { nodes: nodes(back), connections: connections(back), code: code(back) },
    terraform: generated.files.map((f) => f.content).join('\n'),
  };
}

const design = (engine: string, extra: { components?: object[]; connections?: object[] } = {}) => ({
  v: 2,
  name: 'mv',
  provider: 'oci',
  region: 'eu-frankfurt-1',
  environments: [{ name: 'dev' }, { name: 'prod' }],
  layout: { terraform: 'env-folders' },
  groups: [
    { id: 'main', service: 'oci.vcn', name: 'main' },
    {
      id: 'data',
      service: 'oci.subnet',
      name: 'data',
      parent: 'main',
      properties: { cidr: '10.0.2.0/24', public: false },
    },
  ],
  components: [
    { id: 'warehouse', service: engine, name: 'warehouse', group: 'data' },
    { id: 'secrets', service: 'oci.vault', name: 'secrets' },
    { id: 'worker', service: 'oci.container-instance', name: 'worker', group: 'data' },
    ...(extra.components ?? []),
  ],
  connections: [
    { from: 'warehouse', to: 'secrets', type: 'data' },
    { from: 'worker', to: 'warehouse', type: 'data' },
    ...(extra.connections ?? []),
  ],
});

describe('Terraform → design: a database whose admin password a vault keeps', () => {
  it('reads back a HeatWave MySQL DB system, its vault and the workload that uses it', () => {
    const { original, back, terraform } = roundTrip(design('oci.mysql-heatwave'));
    // The secret holds the password the DB system takes as a value; the worker points at it.
    expect(terraform).toMatch(/content\s+= base64encode\(var\.warehouse_admin_password\)/);
    expect(terraform).toMatch(/WAREHOUSE_SECRET_ID\s+= oci_vault_secret\.warehouse_admin\.id/);
    expect(original.code).toContain('resource "oci_vault_secret" "warehouse_admin"');
    expect(back).toEqual(original);
  });

  it('reads back the dynamic group that may read the secret of the database it uses', () => {
    const { original, back, terraform } = roundTrip(
      design('oci.mysql-heatwave', {
        components: [
          {
            id: 'worker-identity',
            service: 'oci.dynamic-group',
            name: 'workers',
            properties: { members: 'container-instances' },
          },
        ],
        connections: [{ from: 'worker-identity', to: 'warehouse', type: 'data' }],
      }),
    );
    expect(terraform).toMatch(/read secret-bundles[^\n]*oci_vault_secret\.warehouse_admin\.id/);
    expect(back).toEqual(original);
  });

  it('reads back the same design with PostgreSQL, whose password Vault generates', () => {
    const { original, back } = roundTrip(design('oci.postgresql'));
    expect(back).toEqual(original);
  });
});
