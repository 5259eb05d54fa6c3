import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../inventory/parse';
import { desiredFromParsed, desiredFromState, sensitiveMarksToPaths } from './desired';

const state = readFileSync(new URL('./fixtures/state.tfstate', import.meta.url), 'utf8');

describe('the desired side', () => {
  it('from a state: managed instances with their id and sensitive paths, no data sources', () => {
    const r = desiredFromState(state);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.map((d) => [d.address, d.id])).toEqual([
      ['aws_iam_role.worker[0]', 'worker_0'],
      ['aws_iam_role.worker[1]', 'worker_1'],
      ['aws_db_subnet_group.main', 'main'],
      ['aws_db_subnet_group.replica', 'replica'],
      ['aws_db_instance.orders', 'orders-db'],
      ['aws_s3_bucket.logs', 'acme-logs'],
    ]);
    expect(r.value.find((d) => d.type === 'aws_db_instance')?.sensitivePaths).toEqual([
      ['password'],
    ]);
  });

  it('from an imported source gives the same resources', () => {
    const parsed = parseSource('tfstate', state);
    if (!parsed.ok) throw new Error(parsed.message);
    const fromSource = desiredFromParsed(parsed.value);
    const fromState = desiredFromState(state);
    if (!fromState.ok) throw new Error(fromState.message);
    const key = (ds: typeof fromSource) =>
      ds
        .map((d) => ({ address: d.address, type: d.type, id: d.id, attributes: d.attributes }))
        .sort((a, b) => (a.address < b.address ? -1 : 1));
    expect(key(fromSource)).toEqual(key(fromState.value));
  });

  it('refuses a legacy state and a plan with messages', () => {
    const legacy = desiredFromState('{"version": 3, "terraform_version": "0.11.7", "modules": []}');
    expect(legacy.ok).toBe(false);
    const plan = desiredFromState('{"format_version":"1.2","resource_changes":[]}');
    expect(plan).toEqual({
      ok: false,
      message: 'This is a plan, not a state: send it as the actual side (kind "plan").',
    });
  });

  it('reads plan sensitivity marks as paths', () => {
    expect(sensitiveMarksToPaths({ user_data: true, ebs: [{ kms: true }], tags: {} })).toEqual([
      ['user_data'],
      ['ebs', 0, 'kms'],
    ]);
  });
});
