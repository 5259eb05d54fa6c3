import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MASKED_VALUE } from '../contract/inventory/model';
import { assetRows, maskSensitive } from './assets';
import { diffVersions } from './diff-versions';
import type { TParsedSource } from './model';
import { parseSource } from './parse';

const state = (): TParsedSource => {
  const text = readFileSync(new URL('./fixtures/edge-cases.tfstate', import.meta.url), 'utf8');
  const result = parseSource('tfstate', text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('comparing two versions of a source', () => {
  it('lists added, removed and changed addresses with the attribute names that changed', () => {
    const v1 = state();
    const v2 = state();
    v2.instances = v2.instances
      .filter((i) => i.address !== 'random_string.suffix')
      .map((i) =>
        i.address === 'aws_s3_bucket.logs'
          ? { ...i, attributes: { ...i.attributes, tags: { env: 'dev' }, region: 'eu-west-1' } }
          : i,
      );
    v2.instances.push({
      ...v1.instances.find((i) => i.address === 'oci_core_vcn.main')!,
      address: 'oci_core_vcn.extra',
    });
    // Same values in another key order are no change.
    v2.instances = v2.instances.map((i) =>
      i.address === 'azurerm_resource_group.main'
        ? { ...i, attributes: Object.fromEntries(Object.entries(i.attributes).reverse()) }
        : i,
    );
    expect(diffVersions(v1, v2, { from: 1, to: 2 })).toEqual({
      from: 1,
      to: 2,
      added: ['oci_core_vcn.extra'],
      removed: ['random_string.suffix'],
      changed: [{ address: 'aws_s3_bucket.logs', attributes: ['tags'] }],
    });
  });
});

describe('assets', () => {
  it('are the managed instances only, with their human name', () => {
    const rows = assetRows(state());
    expect(rows).toHaveLength(13);
    expect(
      rows.some((r) => r.type === 'terraform_remote_state' || r.type === 'aws_caller_identity'),
    ).toBe(false);
    expect(rows.find((r) => r.address === 'aws_s3_bucket.logs')).toEqual({
      address: 'aws_s3_bucket.logs',
      module: null,
      type: 'aws_s3_bucket',
      provider: 'aws',
      cloud: 'aws',
      region: 'eu-west-1',
      cloudId: 'acme-logs',
      name: 'acme-logs',
      tags: { 'team ': 'data', env: 'prod', owner: 'platform' },
    });
  });

  it('mask the values the state marks sensitive, without touching the original', () => {
    const db = state().instances.find((i) => i.address === 'aws_db_instance.main')!;
    const masked = maskSensitive(db.attributes, [
      ...db.sensitivePaths,
      ['absent'],
      ['connection', 5, 'key'],
    ]);
    expect(masked.attributes.password).toBe(MASKED_VALUE);
    expect(masked.attributes.master_password).toBe(MASKED_VALUE);
    expect(masked.attributes.connection).toEqual([
      { host: 'db', key: MASKED_VALUE },
      { host: 'db2', key: MASKED_VALUE },
    ]);
    expect(masked.maskedPaths).toEqual([
      ['password'],
      ['connection', 0, 'key'],
      ['connection', 1, 'key'],
      ['master_password'],
    ]);
    expect(db.attributes.password).toBe('hunter2');
    expect((db.attributes.connection as { key: string }[])[0]?.key).toBe('k-0');
    expect(JSON.stringify(masked.attributes)).not.toContain('hunter');
  });
});
