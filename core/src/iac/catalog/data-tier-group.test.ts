import { describe, expect, it } from 'vitest';
import { mainTf, smallDesign } from '../testing/small-design';

/**
 * A security group drawn on the board that holds only data stores opens no egress to the
 * internet (policy data-tier-no-open-egress); one that holds compute keeps it.
 */
const block = (tf: string, type: string, name: string) =>
  new RegExp(`resource "${type}" "${name}" \\{[\\s\\S]*?\\n\\}`).exec(tf)?.[0];

function groupOf(cloud: 'aws' | 'oci', member: { service: string; name: string }) {
  const group =
    cloud === 'aws'
      ? { service: 'aws.security-group', properties: { ingressPorts: ['5432'] } }
      : { service: 'oci.network-security-group', properties: { ingressPorts: ['5432'] } };
  return mainTf(
    smallDesign({
      cloud,
      components: [
        { id: 'grp', name: 'grp', group: 'net', ...group },
        { id: 'm', group: 'sn-0', ...member },
      ],
      connections: [{ from: 'm', to: 'grp', type: 'placement' }],
    }),
  );
}

describe('a security group of data stores', () => {
  it('AWS: no egress rule when its only member is a database, all out when it is a VM', () => {
    const db = groupOf('aws', { service: 'aws.rds-postgresql', name: 'orders' });
    expect(db).toContain('resource "aws_security_group" "grp"');
    expect(block(db, 'aws_vpc_security_group_egress_rule', 'grp_all_out')).toBeUndefined();
    const vm = groupOf('aws', { service: 'aws.ec2', name: 'web' });
    expect(block(vm, 'aws_vpc_security_group_egress_rule', 'grp_all_out')).toMatch(
      /cidr_ipv4\s+= "0\.0\.0\.0\/0"/,
    );
  });

  it('OCI: egress only to the VCN when its only member is a database, anywhere for a VM', () => {
    const rule = 'oci_core_network_security_group_security_rule';
    const db = groupOf('oci', { service: 'oci.postgresql', name: 'orders' });
    expect(block(db, rule, 'grp_all_out')).toMatch(/destination\s+= "10\.20\.0\.0\/16"/);
    const vm = groupOf('oci', { service: 'oci.compute-instance', name: 'web' });
    expect(block(vm, rule, 'grp_all_out')).toMatch(/destination\s+= "0\.0\.0\.0\/0"/);
  });
});
