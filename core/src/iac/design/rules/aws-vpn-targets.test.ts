import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** A site-to-site VPN says which components on-premises reaches; else the validator asks. */
function warningsOf(connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'vpn',
    provider: 'aws',
    region: 'eu-west-1',
    groups: [
      { id: 'vpc', service: 'aws.vpc', name: 'main', properties: { cidr: '10.0.0.0/16' } },
      ...['0', '1'].map((zone) => ({
        id: `app-${zone}`,
        service: 'aws.subnet',
        name: `app-${zone}`,
        parent: 'vpc',
        properties: { cidr: `10.0.${zone}.0/24`, zone },
      })),
      { id: 'other', service: 'aws.vpc', name: 'other', properties: { cidr: '10.1.0.0/16' } },
      ...['0', '1'].map((zone) => ({
        id: `other-${zone === '0' ? 'a' : 'b'}`,
        service: 'aws.subnet',
        name: `other-${zone}`,
        parent: 'other',
        properties: { cidr: `10.1.${zone}.0/24`, zone },
      })),
    ],
    components: [
      {
        id: 'office',
        service: 'aws.vpn',
        name: 'office',
        group: 'vpc',
        properties: { onPremCidr: '172.16.0.0/12' },
      },
      { id: 'db', service: 'aws.rds-postgresql', name: 'db', group: 'app-0' },
      { id: 'files', service: 'aws.s3', name: 'files' },
      { id: 'key', service: 'aws.kms', name: 'key' },
      { id: 'other-db', service: 'aws.rds-postgresql', name: 'other-db', group: 'other-a' },
    ],
    connections: [
      { from: 'db', to: 'app-1', type: 'placement' },
      { from: 'other-db', to: 'other-b', type: 'placement' },
      ...connections,
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.severity === 'warning')
    .map((i) => `${i.path}: ${i.message}`);
}

describe('aws-vpn-targets', () => {
  it('asks what on-premises reaches when the VPN is connected to nothing', () => {
    expect(warningsOf([])).toEqual([
      'components[0]: on-premises 172.16.0.0/12 is routed to this VPC through “office”, but no security group admits it: connect “office” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to 172.16.0.0/12',
    ]);
  });

  it('is satisfied by a traffic or data connection from the VPN', () => {
    expect(warningsOf([{ from: 'office', to: 'db', type: 'traffic', port: 5432 }])).toEqual([]);
    expect(warningsOf([{ from: 'office', to: 'db', type: 'data' }])).toEqual([]);
  });

  it('says why the components it is connected to cannot admit on-premises traffic', () => {
    expect(
      warningsOf([
        { from: 'office', to: 'files', type: 'data' },
        { from: 'office', to: 'other-db', type: 'traffic', port: 5432 },
      ]),
    ).toEqual([
      'components[0]: on-premises 172.16.0.0/12 is routed to this VPC through “office”, but nothing it is connected to can admit it: “files” (S3 bucket) has no security group (it is reached through the AWS API, not the VPC); “other-db” (RDS for PostgreSQL) is in another VPC (“other”). Connect “office” to a component in this VPC that has a security group (a traffic connection, with its port)',
    ]);
    // One component it can admit into is enough.
    expect(
      warningsOf([
        { from: 'office', to: 'files', type: 'data' },
        { from: 'office', to: 'db', type: 'traffic', port: 5432 },
      ]),
    ).toEqual([]);
  });

  it('asks what on-premises reaches when the VPN is connected to the key of its tunnel logs only', () => {
    // The key encrypts the VPN's logs: it is not something on-premises reaches.
    expect(warningsOf([{ from: 'office', to: 'key', type: 'data' }])).toEqual([
      'components[0]: on-premises 172.16.0.0/12 is routed to this VPC through “office”, but no security group admits it: connect “office” to what on-premises reaches (a traffic connection, with its port), and that port of it is opened to 172.16.0.0/12',
    ]);
    expect(
      warningsOf([
        { from: 'office', to: 'key', type: 'data' },
        { from: 'office', to: 'db', type: 'traffic', port: 5432 },
      ]),
    ).toEqual([]);
  });

  it('is not satisfied by a connection to the VPN', () => {
    expect(warningsOf([{ from: 'db', to: 'office', type: 'traffic' }])).toHaveLength(1);
  });
});
