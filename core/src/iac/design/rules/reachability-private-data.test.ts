import { describe, expect, it } from 'vitest';
import { smallDesign } from '../../testing/small-design';
import type { TCloud } from '../../types';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** What rule reachability-private-data says of a workload reading a store in subnet sn1. */
function findings(
  cloud: TCloud,
  workload: Record<string, unknown>,
  store: string,
  type: 'data' | 'traffic' = 'data',
) {
  const parsed = parseDesign(
    smallDesign({
      cloud,
      components: [
        { id: 'api', name: 'api', ...workload },
        { id: 'db', service: store, name: 'orders', group: 'sn-1' },
      ],
      connections: [{ from: 'api', to: 'db', type }],
    }),
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('in no network'))
    .map((i) => i.message);
}

describe('rule reachability-private-data', () => {
  it('says a Lambda function outside the VPC cannot reach a private database, and how to fix it', () => {
    expect(findings('aws', { service: 'aws.lambda' }, 'aws.rds-postgresql')).toEqual([
      '“api” (Lambda function) is in no network and cannot reach “orders” (RDS for PostgreSQL), which has only a private address in subnet “sn1” of network “main”: place it in a subnet of network “main” (VPC access)',
    ]);
  });

  it('is satisfied once the workload sits in a subnet of that network', () => {
    expect(findings('aws', { service: 'aws.lambda', group: 'sn-0' }, 'aws.rds-postgresql')).toEqual(
      [],
    );
    expect(
      findings('gcp', { service: 'gcp.cloud-run', group: 'sn-0' }, 'gcp.memorystore-redis'),
    ).toEqual([]);
  });

  it('asks for another reader where the workload cannot join a network', () => {
    expect(
      findings('azure', { service: 'azure.function-app' }, 'azure.postgresql-flexible'),
    ).toEqual([
      expect.stringMatching(
        /is not placed in a network here: read it from a workload in “main” instead$/,
      ),
    ]);
  });

  it('says the same of a call to a server with only private addresses (a GCP VM)', () => {
    expect(
      findings('gcp', { service: 'gcp.cloud-function' }, 'gcp.compute-instance', 'traffic'),
    ).toEqual([
      expect.stringMatching(
        /cannot reach “orders” \(Compute Engine instance\).*: .* call it from a workload in “main” instead$/,
      ),
    ]);
    expect(
      findings(
        'gcp',
        { service: 'gcp.cloud-run', group: 'sn-0' },
        'gcp.compute-instance',
        'traffic',
      ),
    ).toEqual([]);
  });
});
