import { describe, expect, it } from 'vitest';
import { ref } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { dataTierNoOpenEgress, ociSubnetOwnSecurityList } from './network';

describe('oci-subnet-no-default-security-list', () => {
  it('flags a subnet without security lists and passes one that names its own', () => {
    const bare = tf('oci_core_subnet', 'a', { cidr_block: '10.0.1.0/24' });
    const empty = tf('oci_core_subnet', 'b', { security_list_ids: [] });
    const own = tf('oci_core_subnet', 'c', {
      security_list_ids: [ref('oci_core_security_list.vcn_base', 'id')],
    });
    expect(tfAddresses(ociSubnetOwnSecurityList, [bare, empty, own])).toEqual([
      'oci_core_subnet.a',
      'oci_core_subnet.b',
    ]);
  });
});

describe('data-tier-no-open-egress', () => {
  const allOut = { ip_protocol: '-1', cidr_ipv4: '0.0.0.0/0' };

  it('flags all-protocol egress to the internet from a database or cache group', () => {
    const db = tf('aws_vpc_security_group_egress_rule', 'db_all_out', allOut, {
      kind: 'postgresql',
    });
    const oci = tf(
      'oci_core_network_security_group_security_rule',
      'cache_all_out',
      { direction: 'EGRESS', protocol: 'all', destination: '0.0.0.0/0' },
      { kind: 'cache' },
    );
    expect(tfAddresses(dataTierNoOpenEgress, [db, oci])).toEqual([
      'aws_vpc_security_group_egress_rule.db_all_out',
      'oci_core_network_security_group_security_rule.cache_all_out',
    ]);
  });

  it('passes open egress from the app tier and narrow egress from the data tier', () => {
    const app = tf('aws_vpc_security_group_egress_rule', 'web_all_out', allOut, { kind: 'vm' });
    const narrow = tf(
      'oci_core_network_security_group_security_rule',
      'db_out',
      { direction: 'EGRESS', protocol: 'all', destination: '10.0.0.0/16' },
      { kind: 'mysql' },
    );
    expect(tfAddresses(dataTierNoOpenEgress, [app, narrow])).toEqual([]);
  });
});
