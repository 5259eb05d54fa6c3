import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readActual } from './actual';
import { desiredFromState } from './desired';
import { detectDrift } from './detect';
import type { TDriftResult } from './model';

// The real driftctl pairs beside the project (../shared/fixtures, never committed): run only
// where they exist, asserting the outcomes their README states for each case.
const root = new URL('../../../../shared/fixtures/tfstate/drift-pairs/driftctl/', import.meta.url);
const hasPairs = existsSync(root);

function scan(name: string): TDriftResult {
  const state = readFileSync(new URL(`${name}/state.tfstate`, root), 'utf8');
  const read = readFileSync(new URL(`${name}/actual.json`, root), 'utf8');
  const desired = desiredFromState(state);
  if (!desired.ok) throw new Error(desired.message);
  const actual = readActual('snapshot', read, name);
  if (!actual.ok) throw new Error(actual.message);
  return detectDrift(desired.value, actual.value, { ignoreRules: [] });
}

const changedPaths = (r: TDriftResult, address: string) =>
  r.changes
    .find((c) => c.address === address && c.status === 'changed')
    ?.attributes.map((a) => a.path.join('.'));
const listed = (r: TDriftResult, status: string) =>
  r.changes.filter((c) => c.status === status).map((c) => c.id);

describe.skipIf(!hasPairs)('real driftctl pairs (README outcomes)', () => {
  it('aws_ebs_volume: size 8 → 10, one unmanaged volume', () => {
    const r = scan('aws_ebs_volume');
    expect(changedPaths(r, 'aws_ebs_volume.test-ebs-volume')).toEqual(['size']);
    expect(listed(r, 'unmanaged')).toEqual(['vol-081c7272a57a09db1']);
  });

  it('aws_instance: stopped (with its new public ip/dns), unmanaged i-010376047a71419f1', () => {
    const r = scan('aws_instance');
    expect(changedPaths(r, 'aws_instance.test')).toEqual([
      'instance_state',
      'public_dns',
      'public_ip',
    ]);
    expect(r.changes.find((c) => c.status === 'unmanaged')?.address).toBe(
      'aws_instance.i_010376047a71419f1',
    );
  });

  it('aws_dynamodb_table: ttl on GameScores; replica gone and stream re-enabled on example', () => {
    const r = scan('aws_dynamodb_table');
    expect(changedPaths(r, 'aws_dynamodb_table.basic-dynamodb-table')).toEqual([
      'ttl.0.attribute_name',
      'ttl.0.enabled',
    ]);
    expect(changedPaths(r, 'aws_dynamodb_table.example')).toEqual([
      'replica.1',
      'stream_arn',
      'stream_label',
    ]);
  });

  it('aws_default_security_group: only tags.Name; the other type is not checked', () => {
    const r = scan('aws_default_security_group');
    expect(changedPaths(r, 'aws_default_security_group.test-default-sg')).toEqual(['tags.Name']);
    expect(r.summary).toMatchObject({ changed: 1, missing: 0, notChecked: 1 });
  });

  it('aws_route53_record: 4 missing, 1 unmanaged, the 5 matched in sync despite noise', () => {
    const r = scan('aws_route53_record');
    expect(listed(r, 'missing').sort()).toEqual([
      'Z10347383HV75H96J919W_test0_A',
      'Z10347383HV75H96J919W_test1_A',
      'Z10347383HV75H96J919W_test3_A',
      'Z1035360GLIB82T1EH2G_test3_A',
    ]);
    expect(listed(r, 'unmanaged')).toEqual(['Z1035360GLIB82T1EH2G_*.test4._A']);
    expect(r.summary).toMatchObject({ inSync: 5, changed: 0, notChecked: 2 });
  });

  it('aws_db_instance: the four real changes, Terraform-only arguments set aside', () => {
    const r = scan('aws_db_instance');
    expect(changedPaths(r, 'aws_db_instance.default')).toEqual([
      'backup_window',
      'enabled_cloudwatch_logs_exports',
      'maintenance_window',
      'resource_id',
    ]);
    expect(listed(r, 'unmanaged')).toEqual(['database-1']);
    expect(JSON.stringify(r.changes)).not.toContain('foobarbaz');
  });

  it('aws_db_subnet_group: the "tag " key kept with its space; bar in sync', () => {
    const r = scan('aws_db_subnet_group');
    expect(changedPaths(r, 'aws_db_subnet_group.foo')).toEqual(['tags.tag ', 'tags.test']);
    expect(r.summary).toMatchObject({ inSync: 1, changed: 1 });
  });

  it('aws_iam_role: only test_role_0 description changed', () => {
    const r = scan('aws_iam_role');
    expect(r.changes.map((c) => c.address)).toEqual(['aws_iam_role.test_role[0]']);
    expect(changedPaths(r, 'aws_iam_role.test_role[0]')).toEqual(['description']);
    expect(r.summary.inSync).toBe(2);
  });

  it('aws_sqs_queue_policy: policy removed on bar.fifo, two unmanaged', () => {
    const r = scan('aws_sqs_queue_policy');
    expect(changedPaths(r, 'aws_sqs_queue_policy.test')).toEqual(['policy']);
    expect(listed(r, 'unmanaged')).toHaveLength(2);
  });

  it('azurerm_network_security_group: fully in sync, resource groups not reported missing', () => {
    const r = scan('azurerm_network_security_group');
    expect(r.changes).toEqual([]);
    expect(r.summary).toMatchObject({ inSync: 2, missing: 0 });
  });

  it('azurerm_private_dns_zone: record count is informational; two unmanaged zones', () => {
    const r = scan('azurerm_private_dns_zone');
    expect(r.summary).toMatchObject({ inSync: 1, changed: 0, unmanaged: 2 });
  });

  it('azurerm_ssh_public_key: public_key differs; one unmanaged key', () => {
    const r = scan('azurerm_ssh_public_key');
    expect(changedPaths(r, 'azurerm_ssh_public_key.example')).toEqual(['public_key']);
    expect(r.summary.unmanaged).toBe(1);
  });

  it('google_compute_subnetwork: matched one in sync; two unmanaged', () => {
    const r = scan('google_compute_subnetwork');
    expect(r.summary).toMatchObject({ inSync: 1, changed: 0, unmanaged: 2 });
  });
});
