import { beforeAll, describe, expect, it } from 'vitest';
import { readExample, useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate, prepareDesign } from '../../iac/generate';
import type { TDesign } from '../../iac/design/schema-v2';
import { terraformToDesign } from './import';

/** The example (changed by `edit`) → the engine's Terraform → the importer's design. */
function roundTrip(file: string, edit: (d: TDesign) => TDesign = (d) => d) {
  const original = prepareDesign(readExample(file));
  if (!original.ok) throw new Error('invalid example');
  const generated = generate(edit(original.design), { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  return terraformToDesign(generated.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
}

const connectionsOf = (d: TDesign | undefined) =>
  (d?.connections ?? []).map((c) => `${c.from}>${c.to}:${c.type}`);

beforeAll(() => useSchemaData(), 120_000);

describe('Terraform import: what connects components without a reference', () => {
  it('reads a VM placed into a GCP firewall from its network tag', () => {
    const imported = roundTrip('gcp-three-tier-web-app.json');
    expect(connectionsOf(imported.design)).toContain('admin>iap-ssh:placement');
  }, 60_000);

  it('reads a sink filter its Cloud Run services derive as the empty default; its own stays', () => {
    const logsOf = (d: TDesign | undefined) =>
      d?.components.find((c) => c.id === 'logs')?.properties ?? {};
    expect(logsOf(roundTrip('gcp-serverless-api.json').design)).not.toHaveProperty('filter');
    const own = 'severity>=ERROR';
    const withFilter = roundTrip('gcp-serverless-api.json', (d) => ({
      ...d,
      components: d.components.map((c) =>
        c.id === 'logs' ? { ...c, properties: { ...c.properties, filter: own } } : c,
      ),
    }));
    expect(logsOf(withFilter.design)['filter']).toBe(own);
  }, 60_000);

  it('reads a function posting to a WebSocket API as data, not as the API calling it', () => {
    const found = connectionsOf(roundTrip('aws-streaming-analytics.json').design);
    expect(found).toContain('indexer>live:data');
    expect(found).not.toContain('live>indexer:traffic');
  }, 60_000);

  it("owns the private DNS zone's network link a database writes (nothing left unconverted)", () => {
    const imported = roundTrip('azure-operations-platform.json');
    expect(imported.unconverted.map((u) => u.name)).toEqual([]);
    expect(imported.design?.components.map((c) => c.service)).not.toContain('azure.resource');
  }, 60_000);
});
