import { describe, expect, it } from 'vitest';
import { block, ref, type TTfBody } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import {
  dataTierNoOpenEgress,
  ociSecurityListNoVcnWideIngress,
  ociSubnetOwnSecurityList,
} from './network';

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

describe('oci-security-list-no-vcn-wide-ingress', () => {
  const vcn = tf('oci_core_vcn', 'main', { cidr_blocks: ['10.20.0.0/16'] });
  const list = (name: string, rule: TTfBody) =>
    tf('oci_core_security_list', name, {
      vcn_id: ref('oci_core_vcn.main', 'id'),
      ingress_security_rules: [
        block({ protocol: '1', source: '0.0.0.0/0', icmp_options: block({ type: 3, code: 4 }) }),
        block(rule),
      ],
    });

  it('flags all protocols from the VCN, a range holding it, or anywhere', () => {
    const vcnWide = list('vcn_wide', { protocol: 'all', source: '10.20.0.0/16' });
    const wider = list('wider', { protocol: 'all', source: '10.0.0.0/8' });
    const anywhere = list('anywhere', { protocol: 'all', source: '0.0.0.0/0' });
    expect(tfAddresses(ociSecurityListNoVcnWideIngress, [vcn, vcnWide, wider, anywhere])).toEqual([
      'oci_core_security_list.vcn_wide',
      'oci_core_security_list.wider',
      'oci_core_security_list.anywhere',
    ]);
  });

  it('flags a VCN range that is a variable when the rule names the same one', () => {
    const perEnv = tf('oci_core_vcn', 'main', { cidr_blocks: [ref('var.vcn_cidr')] });
    const open = list('open', { protocol: 'all', source: ref('var.vcn_cidr') });
    expect(tfAddresses(ociSecurityListNoVcnWideIngress, [perEnv, open])).toEqual([
      'oci_core_security_list.open',
    ]);
  });

  it('passes ICMP, one port from the VCN, and all protocols from one subnet', () => {
    const icmp = list('icmp', { protocol: '1', source: '10.20.0.0/16' });
    const port = list('port', { protocol: '6', source: '10.20.0.0/16' });
    const subnet = list('subnet', { protocol: 'all', source: '10.20.1.0/24' });
    expect(tfAddresses(ociSecurityListNoVcnWideIngress, [vcn, icmp, port, subnet])).toEqual([]);
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
