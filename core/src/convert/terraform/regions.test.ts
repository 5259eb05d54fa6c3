import { beforeAll, describe, expect, it } from 'vitest';
import { readExample, useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate, prepareDesign } from '../../iac/generate';
import { terraformToDesign } from './import';

function roundTrip(design: unknown) {
  const prepared = prepareDesign(design);
  if (!prepared.ok) throw new Error('invalid design');
  const generated = generate(prepared.design, { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  return terraformToDesign(generated.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
}

beforeAll(() => useSchemaData(), 120_000);

describe('Terraform import: one process, designs of several regions', () => {
  it("reads a disk's zone in its own region after a design of another region was read", () => {
    // us-east4: its disk probed there first (zones written `us-east4-b`).
    roundTrip(readExample('gcp-three-tier-web-app.json'));
    const back = roundTrip({
      v: 2,
      name: 'batch',
      provider: 'gcp',
      region: 'europe-west3',
      components: [
        { id: 'spare', service: 'gcp.persistent-disk', name: 'spare', properties: { zone: 'a' } },
      ],
    });
    const spare = back.design?.components.find((c) => c.id === 'spare');
    expect(spare?.properties).toMatchObject({ zone: 'a' });
  }, 60_000);
});
