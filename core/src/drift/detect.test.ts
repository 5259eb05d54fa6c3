import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDrift } from './detect';
import type { TDriftResult } from './model';
import { SENSITIVE_MASK } from './normalize';
import { actualOf, desiredOf } from './test-helpers';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const desired = (name = 'state.tfstate') => desiredOf(fixture(name));
const actual = (kind: Parameters<typeof actualOf>[0], name: string, type?: string) =>
  actualOf(kind, fixture(name), type);

function snapshotScan(
  type: string,
  ignoreRules: Parameters<typeof detectDrift>[2]['ignoreRules'] = [],
) {
  return detectDrift(desired(), actual('snapshot', `snapshot-${type}.json`, type).value, {
    ignoreRules,
  });
}

const change = (r: TDriftResult, address: string) => r.changes.find((c) => c.address === address);
const paths = (r: TDriftResult, address: string) =>
  change(r, address)?.attributes.map((a) => a.path.join('.'));
const noise = (r: TDriftResult) => Object.fromEntries(r.noise.map((n) => [n.rule, n.count]));

describe('detectDrift against a snapshot of one type', () => {
  it('reports the one real change and keeps in-sync roles in sync despite noise', () => {
    const r = snapshotScan('aws_iam_role');
    expect(r.summary).toEqual({
      inSync: 1,
      changed: 1,
      missing: 0,
      unmanaged: 1,
      unknown: 0,
      notChecked: 4,
    });
    expect(paths(r, 'aws_iam_role.worker[0]')).toEqual(['description', 'tags.LastScanned']);
    expect(change(r, 'aws_iam_role.worker[0]')?.attributes[0]).toEqual({
      path: ['description'],
      before: '',
      after: 'edited in the console',
    });
    // force_detach_policies is Terraform-only; the reordered policy means the same; "3600" ≡ 3600.
    expect(noise(r)).toMatchObject({
      'terraform-only': 2,
      'json-equivalent': 1,
      'scalar-as-string': 1,
      'tags-all': 1,
    });
    expect(r.checkedTypes).toEqual(['aws_iam_role']);
    expect(r.notCheckedTypes).toEqual(['aws_db_instance', 'aws_db_subnet_group', 'aws_s3_bucket']);
  });

  it('gives an unmanaged resource a valid Terraform address built from its id', () => {
    const r = snapshotScan('aws_iam_role');
    const u = r.changes.find((c) => c.status === 'unmanaged');
    expect(u).toMatchObject({
      address: 'aws_iam_role.OrganizationAccountAccessRole',
      id: 'OrganizationAccountAccessRole',
      resourceType: 'aws_iam_role',
    });
  });

  it('keeps exact map keys: "owner " and "owner" are two tags; a reordered list is not drift', () => {
    const r = snapshotScan('aws_db_subnet_group');
    expect(r.summary.changed).toBe(1);
    expect(r.summary.inSync).toBe(1);
    expect(change(r, 'aws_db_subnet_group.main')?.attributes).toEqual([
      { path: ['tags', 'owner'], before: undefined, after: 'data' },
      { path: ['tags', 'owner '], before: undefined, after: 'platform' },
    ]);
    expect(noise(r)).toMatchObject({ 'order-only': 1, 'empty-equivalent': 1 });
  });

  it('sets aside Terraform-only arguments, timeouts and unset values, and masks sensitive ones', () => {
    const r = snapshotScan('aws_db_instance');
    expect(paths(r, 'aws_db_instance.orders')).toEqual([
      'backup_window',
      'enabled_cloudwatch_logs_exports',
    ]);
    expect(noise(r)).toEqual({ 'terraform-only': 3, 'empty-equivalent': 3, timeouts: 1 });
    expect(r.changes.find((c) => c.status === 'unmanaged')?.address).toBe(
      'aws_db_instance.database_1',
    );
    // Nothing in the answer carries the password.
    expect(JSON.stringify(r)).not.toContain('s3cr3t-value');
  });

  it('reports a desired instance of the read type that the read lacks as missing', () => {
    const d = desired();
    const read = actual(
      'snapshot',
      'snapshot-aws_db_subnet_group.json',
      'aws_db_subnet_group',
    ).value;
    read.read = read.read.filter((a) => a.id !== 'replica');
    const r = detectDrift(d, read, { ignoreRules: [] });
    expect(change(r, 'aws_db_subnet_group.replica')).toMatchObject({
      status: 'missing',
      id: 'replica',
    });
    expect(r.summary.missing).toBe(1);
  });

  it('masks a sensitive attribute that really changed', () => {
    const d = desired();
    const read = actual('snapshot', 'snapshot-aws_db_instance.json', 'aws_db_instance').value;
    const row = read.read.find((a) => a.id === 'orders-db');
    if (row?.attributes) row.attributes.password = 'rotated';
    const r = detectDrift(d, read, { ignoreRules: [] });
    expect(change(r, 'aws_db_instance.orders')?.attributes).toContainEqual({
      path: ['password'],
      before: SENSITIVE_MASK,
      after: SENSITIVE_MASK,
    });
  });
});

describe('ignore rules', () => {
  it('hides an attribute path, and a resource whose only differences are hidden is in sync', () => {
    const r = snapshotScan('aws_iam_role', [
      { addressPattern: null, resourceType: null, attributePath: 'tags.LastScanned' },
      {
        addressPattern: 'aws_iam_role.worker[0]',
        resourceType: null,
        attributePath: 'description',
      },
    ]);
    expect(r.summary.changed).toBe(0);
    expect(r.summary.inSync).toBe(2);
    expect(r.ignored).toBe(2);
  });

  it('hides whole resources by address glob or type, counted and left out of every bucket', () => {
    const r = snapshotScan('aws_iam_role', [
      { addressPattern: 'aws_iam_role.worker*', resourceType: null, attributePath: null },
      { addressPattern: null, resourceType: 'aws_iam_role', attributePath: null },
    ]);
    expect(r.changes).toEqual([]);
    expect(r.ignored).toBe(2);
    expect(r.summary.inSync).toBe(1);
  });

  it('matches block paths with their index (ttl.0.enabled) and not other attributes', () => {
    const d = [
      {
        address: 'aws_dynamodb_table.t',
        type: 'aws_dynamodb_table',
        id: 't',
        attributes: { id: 't', ttl: [{ enabled: false, attribute_name: '' }] },
        sensitivePaths: [],
      },
    ];
    const read = actual(
      'snapshot',
      'snapshot-aws_db_subnet_group.json',
      'aws_db_subnet_group',
    ).value;
    read.readTypes = ['aws_dynamodb_table'];
    read.read = [
      {
        type: 'aws_dynamodb_table',
        id: 't',
        attributes: { id: 't', ttl: [{ enabled: true, attribute_name: 'expires' }] },
      },
    ];
    const r = detectDrift(d, read, {
      ignoreRules: [{ addressPattern: null, resourceType: null, attributePath: 'ttl.0.enabled' }],
    });
    expect(r.changes[0]?.attributes).toEqual([
      { path: ['ttl', 0, 'attribute_name'], before: '', after: 'expires' },
    ]);
    expect(r.ignored).toBe(1);
  });
});

describe('determinism', () => {
  it('answers the same order whatever the order of the read', () => {
    const d = desired();
    const a = actual('snapshot', 'snapshot-aws_iam_role.json', 'aws_iam_role').value;
    const b = { ...a, read: [...a.read].reverse() };
    expect(detectDrift([...d].reverse(), b, { ignoreRules: [] })).toEqual(
      detectDrift(d, a, { ignoreRules: [] }),
    );
  });
});

describe('a cloud read without a desired side', () => {
  it('reports nothing as unmanaged: every resource read is not checked', () => {
    const read = actual('snapshot', 'snapshot-aws_iam_role.json', 'aws_iam_role').value;
    const r = detectDrift(null, read, { ignoreRules: [] });
    expect(r.changes).toEqual([]);
    expect(r.summary).toMatchObject({ notChecked: 3, unmanaged: 0 });
  });
});
