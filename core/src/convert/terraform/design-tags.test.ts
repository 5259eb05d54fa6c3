import { beforeAll, describe, expect, it } from 'vitest';
import { useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate } from '../../iac/generate';
import { terraformToDesign } from './import';

/** Design → Terraform with the engine, as a user downloads it. */
function generated(design: unknown) {
  const r = generate(design, { format: 'terraform' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files.filter((f) => /\.(tf|tfvars)$/.test(f.path));
}

beforeAll(() => {
  // The google schema tells resource labels from a notification channel's settings.
  useSchemaData();
}, 120_000);

describe('the design tags of a Google Cloud design', () => {
  it('come back from the labels the engine writes on each resource', () => {
    const design = {
      v: 2,
      name: 'shop',
      provider: 'gcp',
      region: 'europe-west4',
      environments: [{ name: 'dev' }, { name: 'prod' }],
      naming: { org: 'acme', project: 'shop', pattern: '{project}-{env}-{type}-{name}' },
      tags: { owner: 'shop-team', 'cost-center': 'web' },
      components: [
        { id: 'ops', service: 'gcp.pubsub-topic', name: 'ops' },
        {
          id: 'uptime',
          service: 'gcp.uptime-check',
          name: 'uptime',
          properties: { host: 'shop.example.com' },
        },
      ],
      connections: [{ from: 'uptime', to: 'ops', type: 'data' }],
    };
    const files = generated(design);
    // A notification channel's `labels` are its settings (the topic), not tags.
    expect(files.map((f) => f.content).join('\n')).toMatch(/labels = \{\s*topic = /);
    const imported = terraformToDesign(files).design!;
    expect(imported.tags).toEqual({ owner: 'shop-team', 'cost-center': 'web' });
    const again = (d: unknown) => generated(d).find((f) => f.path === 'main.tf')?.content;
    expect(again(imported)).toContain('cost-center = "web"');
  });
});
