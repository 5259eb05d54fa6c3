import { describe, expect, it } from 'vitest';
import { findService } from '../../iac/catalog/registry';
import { generate } from '../../iac/generate';
import type { TCloud } from '../../iac/types';
import { ownTagsOf } from './component-tags';
import { instantiate } from './instantiate';
import { loadConfiguration } from './load';

/** Each component's own tags as read from the Terraform the engine writes for `design`. */
function readTags(design: {
  provider: TCloud;
  region: string;
  tags: Record<string, string>;
  components: { id: string; service: string; name: string; tags?: Record<string, string> }[];
}) {
  const r = generate({ v: 2, name: 'orders', ...design }, { format: 'terraform' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  const config = loadConfiguration(r.files.filter((f) => /\.(tf|tfvars)$/.test(f.path)));
  const resources = instantiate(config, config.environments[0]!).resources;
  const designTags = new Map(Object.entries(design.tags));
  return design.components.map((c) => {
    const local = c.id.replace(/-/g, '_');
    const service = findService(c.service)!;
    const primary = resources.find((x) => x.mode === 'resource' && x.name === local)!;
    const candidate = { primary, local } as Parameters<typeof ownTagsOf>[0]['candidate'];
    return ownTagsOf({ candidate, service }, design.provider, designTags, design.region);
  });
}

describe("a component's own tags", () => {
  it('are those on its resources that are not the design’s (AWS, a design tag overridden too)', () => {
    const tags = readTags({
      provider: 'aws',
      region: 'eu-west-1',
      tags: { owner: 'orders-team' },
      components: [
        { id: 'jobs', service: 'aws.sqs', name: 'jobs', tags: { tier: 'gold', owner: 'ops' } },
        { id: 'events', service: 'aws.sqs', name: 'events' },
      ],
    });
    expect(tags).toEqual([{ tags: { tier: 'gold', owner: 'ops' } }, {}]);
  });

  it('come back from GCP labels as the engine wrote them (lowercase)', () => {
    const tags = readTags({
      provider: 'gcp',
      region: 'europe-west1',
      tags: { owner: 'data-team' },
      components: [
        { id: 'ops', service: 'gcp.pubsub-topic', name: 'ops', tags: { Tier: 'Gold' } },
        { id: 'audit', service: 'gcp.pubsub-topic', name: 'audit' },
      ],
    });
    expect(tags).toEqual([{ tags: { tier: 'gold' } }, {}]);
  });
});
