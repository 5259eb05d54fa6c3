import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDrift } from '../detect';
import { actualOf, desiredOf } from '../test-helpers';
import { readActual } from '.';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const desired = (name = 'state.tfstate') => desiredOf(fixture(name));
const actual = (kind: Parameters<typeof actualOf>[0], name: string, type?: string) =>
  actualOf(kind, fixture(name), type);

describe('driftctl scan result', () => {
  const report = actual('driftctl', 'driftctl.json').value;

  it('counts its lists, not its summary, and drops unset-vs-empty and Terraform-only changelog entries', () => {
    const r = detectDrift(null, report, { ignoreRules: [] });
    expect(r.summary).toEqual({
      inSync: 1,
      changed: 2,
      missing: 1,
      unmanaged: 2,
      unknown: 0,
      notChecked: 0,
    });
    const bucket = r.changes.find((c) => c.resourceType === 'aws_s3_bucket');
    expect(bucket?.attributes.map((a) => a.path.join('.'))).toEqual([
      'tags.LastScanned',
      'tags.env',
    ]);
    expect(r.noise).toEqual([
      { rule: 'empty-equivalent', count: 1 },
      { rule: 'terraform-only', count: 1 },
    ]);
  });

  it('puts the state’s address on resources it names by type and id', () => {
    const r = detectDrift(desired(), report, { ignoreRules: [] });
    expect(r.changes.find((c) => c.resourceType === 'aws_s3_bucket')?.address).toBe(
      'aws_s3_bucket.logs',
    );
    expect(
      r.changes.find((c) => c.status === 'unmanaged' && c.resourceType === 'aws_iam_user')?.address,
    ).toBe('aws_iam_user.ci_user');
  });

  it('keeps alerts as warnings', () => {
    expect(report.warnings).toEqual([
      'driftctl alert on aws_iam_access_key: This resource type is read with limited permissions',
    ]);
  });

  it('refuses a document that is not a driftctl result', () => {
    expect(readActual('driftctl', '{"summary": {}}')).toMatchObject({ ok: false });
  });
});
