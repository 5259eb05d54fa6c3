import { describe, expect, it } from 'vitest';
import { applyFixes, checkTagPolicies } from './check';
import { cloudTagViolations, normaliseTags } from './cloud-rules';
import { ZTagPolicyInput, type TTagPolicy } from './model';

const policy = (input: Record<string, unknown>, id = 'p1'): TTagPolicy => ({
  ...ZTagPolicyInput.parse({ name: 'Cost allocation', cloud: 'any', ...input }),
  id,
});

const costCenter = policy({
  rules: [{ key: 'cost-center', allowedValues: ['finance', 'platform'] }],
});

describe('tag policies', () => {
  it('asks for a missing required key, naming the allowed values', () => {
    const [v] = checkTagPolicies({ cloud: 'aws', types: ['aws.vm'], tags: {} }, [costCenter]);
    expect(v).toMatchObject({ code: 'missing-key', severity: 'error', key: 'cost-center' });
    expect(v?.fix).toBe('add `cost-center` with one of: finance, platform');
  });

  it('recognises a misspelt key and says to rename it', () => {
    const vs = checkTagPolicies({ cloud: 'aws', types: [], tags: { 'Cost Center': 'finance' } }, [
      costCenter,
    ]);
    expect(vs.map((v) => v.fix)).toEqual(['rename `Cost Center` to `cost-center`']);
    expect(applyFixes({ 'Cost Center': 'finance' }, vs)).toEqual({ 'cost-center': 'finance' });
  });

  it('refuses a value that is not allowed, proposing the close one', () => {
    const [v] = checkTagPolicies({ cloud: 'gcp', types: [], tags: { 'cost-center': 'Fin ance' } }, [
      costCenter,
    ]);
    expect(v?.code).toBe('value-not-allowed');
    expect(v?.fix).toBe('change `cost-center` from `Fin ance` to `finance`');
    const [w] = checkTagPolicies({ cloud: 'gcp', types: [], tags: { 'cost-center': 'sales' } }, [
      costCenter,
    ]);
    expect(w?.fix).toBe('set `cost-center` to one of: finance, platform');
  });

  it('checks the case rule and the pattern', () => {
    const p = policy({
      enforcement: 'warn',
      rules: [{ key: 'env', valueCase: 'lower', pattern: 'dev|staging|prod' }],
    });
    const vs = checkTagPolicies({ cloud: 'azure', types: [], tags: { env: 'PROD' } }, [p]);
    expect(vs.map((v) => [v.code, v.severity])).toEqual([['value-case', 'warning']]);
    const bad = checkTagPolicies({ cloud: 'azure', types: [], tags: { env: 'qa' } }, [p]);
    expect(bad[0]?.code).toBe('value-pattern');
  });

  it('applies only to its cloud and its resource types', () => {
    const p = policy({
      cloud: 'aws',
      resourceTypes: ['aws_s3_*', 'vm'],
      rules: [{ key: 'owner' }],
    });
    const check = (cloud: 'aws' | 'gcp', types: string[]) =>
      checkTagPolicies({ cloud, types, tags: {} }, [p]).length;
    expect(check('aws', ['aws_s3_bucket'])).toBe(1);
    expect(check('aws', ['aws.vm', 'vm'])).toBe(1);
    expect(check('aws', ['aws_sqs_queue'])).toBe(0);
    expect(check('gcp', ['vm'])).toBe(0);
    expect(
      checkTagPolicies({ cloud: 'aws', types: ['vm'], tags: {} }, [{ ...p, enabled: false }]),
    ).toEqual([]);
  });

  it('refuses an invalid pattern and a policy without rules', () => {
    expect(ZTagPolicyInput.safeParse({ name: 'x', cloud: 'aws', rules: [] }).success).toBe(false);
    const r = ZTagPolicyInput.safeParse({
      name: 'x',
      cloud: 'aws',
      rules: [{ key: 'a', pattern: '(' }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('The pattern is not a valid regular expression.');
  });
});

describe("each cloud's own tag rules", () => {
  it('GCP labels: lowercase, [a-z0-9_-], 63 characters, keys start with a letter', () => {
    const tags = { 'Cost Center': 'Team A', '1st': 'x'.repeat(70) };
    expect(normaliseTags('gcp', tags)).toEqual({ cost_center: 'team_a', k1st: 'x'.repeat(63) });
    const fixes = cloudTagViolations('gcp', tags).map((v) => v.fix);
    expect(fixes).toContain('rename `Cost Center` to `cost_center`');
    expect(fixes).toContain('change the value of `Cost Center` to `team_a`');
  });

  it('Azure: no <>%&\\?/ in names, values at most 256', () => {
    const [v] = cloudTagViolations('azure', { 'a/b': 'ok' });
    expect(v?.fix).toBe('rename `a/b` to `a-b`');
    expect(cloudTagViolations('azure', { ok: 'y'.repeat(257) })[0]?.code).toBe(
      'cloud-value-invalid',
    );
  });

  it('AWS: 50 tags per resource counting the ones Stratum adds, no aws: prefix', () => {
    const many = Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`k${i}`, 'v']));
    expect(cloudTagViolations('aws', many, 2)).toEqual([]);
    const [v] = cloudTagViolations('aws', many, 3);
    expect(v).toMatchObject({ code: 'cloud-too-many', severity: 'error', fix: 'remove 1 tag' });
    expect(cloudTagViolations('aws', { 'aws:owner': 'x' })[0]?.fix).toBe(
      'rename `aws:owner` to `owner`',
    );
  });

  it('OCI freeform tags: no spaces or periods in keys', () => {
    expect(normaliseTags('oci', { 'cost center.main': 'x' })).toEqual({ cost_center_main: 'x' });
  });
});
