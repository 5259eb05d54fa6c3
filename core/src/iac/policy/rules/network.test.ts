import { describe, expect, it } from 'vitest';
import { block, ref, type TTfBody } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import type { TServiceKind } from '../../types';
import {
  dataTierNoOpenEgress,
  ociNsgNoVcnWideIngress,
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

describe('oci-nsg-no-vcn-wide-ingress', () => {
  const vcn = tf('oci_core_vcn', 'main', { cidr_blocks: ['10.20.0.0/16'] });
  const nsg = tf('oci_core_network_security_group', 'db_nsg', {
    vcn_id: ref('oci_core_vcn.main', 'id'),
  });
  const ingress = (name: string, source: TTfBody['source'], kind: TServiceKind, port = 1522) =>
    tf(
      'oci_core_network_security_group_security_rule',
      name,
      {
        network_security_group_id: ref('oci_core_network_security_group.db_nsg', 'id'),
        direction: 'INGRESS',
        protocol: '6',
        source,
        tcp_options: block({ destination_port_range: block({ min: port, max: port }) }),
      },
      { kind },
    );

  it("flags a component's port open to its VCN or a wider range, and a store's open to anywhere", () => {
    const vcnWide = ingress('vcn_wide', '10.20.0.0/16', 'data-warehouse');
    const wider = ingress('wider', '10.0.0.0/8', 'kafka');
    const anywhere = ingress('anywhere', '0.0.0.0/0', 'document-db');
    const privateLb = ingress('private_lb', '10.20.0.0/16', 'load-balancer', 443);
    expect(
      tfAddresses(ociNsgNoVcnWideIngress, [vcn, nsg, vcnWide, wider, anywhere, privateLb]),
    ).toEqual([
      'oci_core_network_security_group_security_rule.vcn_wide',
      'oci_core_network_security_group_security_rule.wider',
      'oci_core_network_security_group_security_rule.anywhere',
      'oci_core_network_security_group_security_rule.private_lb',
    ]);
  });

  it("passes a client's NSG or subnet, anyone on a public entry, a drawn NSG, OKE node ports", () => {
    // A workload behind a public network load balancer that keeps the client's address: anyone.
    const client = ingress(
      'client',
      ref('oci_core_network_security_group.web_nsg', 'id'),
      'data-warehouse',
    );
    const subnet = ingress('subnet', '10.20.1.0/24', 'kafka');
    const entry = ingress('entry', '0.0.0.0/0', 'api-gateway', 443);
    const behindPublicNlb = ingress('behind_nlb', '0.0.0.0/0', 'vm', 80);
    const drawn = ingress('drawn', '10.20.0.0/16', 'security-group');
    const nodePorts = tf(
      'oci_core_network_security_group_security_rule',
      'node_ports',
      {
        network_security_group_id: ref('oci_core_network_security_group.db_nsg', 'id'),
        direction: 'INGRESS',
        protocol: '6',
        source: '10.20.0.0/16',
        tcp_options: block({ destination_port_range: block({ min: 30000, max: 32767 }) }),
      },
      { kind: 'kubernetes' },
    );
    expect(
      tfAddresses(ociNsgNoVcnWideIngress, [
        vcn,
        nsg,
        client,
        subnet,
        entry,
        behindPublicNlb,
        drawn,
        nodePorts,
      ]),
    ).toEqual([]);
  });
});
