import { describe, expect, it } from 'vitest';
import { completeDesign } from '../complete';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

/** The messages of rule aws-efs-mount-zones: subnets a (zone 0) and b (zone 1) of one VPC. */
function zoneWarnings(components: object[], connections: object[]) {
  const parsed = parseDesign({
    v: 2,
    name: 'files',
    provider: 'aws',
    region: 'eu-west-1',
    groups: [
      { id: 'vpc', service: 'aws.vpc', name: 'main', properties: { cidr: '10.0.0.0/16' } },
      ...['a', 'b'].map((k, zone) => ({
        id: k,
        service: 'aws.subnet',
        name: k,
        parent: 'vpc',
        properties: { cidr: `10.0.${zone + 1}.0/24`, zone: String(zone) },
      })),
    ],
    components: [{ id: 'files', service: 'aws.efs', name: 'files', group: 'a' }, ...components],
    connections,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(completeDesign(parsed.design).design)
    .filter((i) => i.message.includes('mount target'))
    .map((i) => `${i.path}: ${i.message}`);
}

describe('rule aws-efs-mount-zones', () => {
  it('says compute in a zone without a mount target cannot mount the file system', () => {
    const web = { id: 'web', service: 'aws.ec2', name: 'web', group: 'b' };
    expect(zoneWarnings([web], [{ from: 'web', to: 'files', type: 'data' }])).toEqual([
      'connections[0]: “web” (EC2 instance) runs in subnet “b”, a zone where EFS file system “files” has no mount target, so it cannot mount it there: place “files” in a subnet of that zone too (a placement connection), or web in a subnet of its zones',
    ]);
  });

  it('names only the subnets outside the mount targets’ zones, for a service in two', () => {
    const api = { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'a' };
    const connections = [
      { from: 'api', to: 'b', type: 'placement' },
      { from: 'api', to: 'files', type: 'data' },
    ];
    expect(zoneWarnings([api], connections)).toEqual([
      expect.stringMatching(/^connections\[1\]: “api” .* runs in subnet “b”, a zone where/),
    ]);
  });

  it('is satisfied once the file system has a mount target in every zone of its clients', () => {
    const web = { id: 'web', service: 'aws.ec2', name: 'web', group: 'b' };
    const connections = [
      { from: 'files', to: 'b', type: 'placement' },
      { from: 'web', to: 'files', type: 'data' },
    ];
    expect(zoneWarnings([web], connections)).toEqual([]);
  });
});
