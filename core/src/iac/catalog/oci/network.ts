import { defineService } from '../service';
import { holdsOnlyDataStores } from '../data-tier-group';
import { boolProp, cidrProp, listProp } from '../properties';
import { block, ref } from '../../ir/terraform-ir';
import { HAS_TIER_LIST } from './client-rules';
import { compartment, dnsLabel, vcnCidr, vcnId } from './shared';
import { serviceLog } from './service-logs';

/** OCI networking: VCN, subnets and network security groups. */
export const ociVcn = defineService({
  id: 'oci.vcn',
  cloud: 'oci',
  kind: 'network',
  name: 'Virtual cloud network',
  category: 'networking',
  description: "VCN with a DNS label, and a log group for its subnets' flow logs.",
  icon: 'oci-vcn',
  properties: [cidrProp('cidr', 'CIDR block', '10.0.0.0/16')],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'vcn' },
  emits: { terraform: ['oci_core_vcn', 'oci_core_security_list', 'oci_logging_log_group'] },
  terraform: (ctx) => {
    const vcn = ctx.resource('oci_core_vcn', ctx.node.local, {
      compartment_id: compartment(),
      cidr_blocks: [ctx.prop('cidr')],
      display_name: ctx.name(),
      dns_label: dnsLabel(ctx.node),
      freeform_tags: ctx.tags(),
    });
    // The subnets' security list, in place of the VCN default (which admits SSH from
    // 0.0.0.0/0): what every subnet needs and nothing more. Path-MTU discovery (ICMP 3/4) from
    // anywhere, destination-unreachable (ICMP 3) from the VCN, and all egress for NAT and
    // service gateways. Every port a component answers on is opened to its clients by an NSG
    // (client-rules.ts), or by a security list of its tier where it takes no NSG: a packet
    // passes when any security list or NSG rule allows it, so a list admitting the whole VCN
    // would void them (policy oci-security-list-no-vcn-wide-ingress).
    // https://docs.oracle.com/iaas/Content/Network/Concepts/securitylists.htm#Default
    ctx.resource('oci_core_security_list', `${ctx.node.local}_base`, {
      compartment_id: compartment(),
      vcn_id: ref(vcn.address, 'id'),
      display_name: ctx.name('base', 'oci-display'),
      freeform_tags: ctx.tags(),
      ingress_security_rules: [
        block({
          protocol: '1',
          source: '0.0.0.0/0',
          source_type: 'CIDR_BLOCK',
          icmp_options: block({ type: 3, code: 4 }),
        }),
        block({
          protocol: '1',
          source: ctx.prop('cidr'),
          source_type: 'CIDR_BLOCK',
          icmp_options: block({ type: 3 }),
        }),
      ],
      egress_security_rules: [
        block({ protocol: 'all', destination: '0.0.0.0/0', destination_type: 'CIDR_BLOCK' }),
      ],
    });
    if (ctx.children(ctx.node).some((n) => n.service.kind === 'subnet'))
      ctx.resource('oci_logging_log_group', `${ctx.node.local}_flows`, {
        compartment_id: compartment(),
        display_name: ctx.name('flows'),
        description: `Flow logs of the subnets of VCN ${ctx.node.name}`,
        freeform_tags: ctx.tags(),
      });
    ctx.output('vcn_id', `OCID of VCN ${ctx.node.name}`, ref(vcn.address, 'id'));
  },
});

export const ociSubnet = defineService({
  id: 'oci.subnet',
  cloud: 'oci',
  kind: 'subnet',
  name: 'Subnet',
  category: 'networking',
  description:
    'Regional subnet with VCN flow logs; private subnets forbid public IPs on their VNICs.',
  icon: 'oci-subnet',
  properties: [cidrProp('cidr', 'CIDR block', '10.0.1.0/24'), boolProp('public', 'Public', false)],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'snet' },
  emits: { terraform: ['oci_core_subnet', 'oci_logging_log'] },
  terraform: (ctx) => {
    const subnet = ctx.resource('oci_core_subnet', ctx.node.local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      cidr_block: ctx.prop('cidr'),
      display_name: ctx.name(),
      dns_label: dnsLabel(ctx.node),
      prohibit_public_ip_on_vnic: !ctx.value<boolean>('public'),
      // The base list, then the list of each component here that takes no NSG (OpenSearch).
      security_list_ids: [
        ref(ctx.address(ctx.network()!, 'oci_core_security_list', '_base'), 'id'),
        ...ctx
          .children(ctx.node)
          .filter((n) => HAS_TIER_LIST.includes(n.service.id))
          .map((n) => ref(ctx.address(n, 'oci_core_security_list'), 'id')),
      ],
      freeform_tags: ctx.tags(),
    });
    // The subnet's VCN flow logs (the traffic its VNICs accepted and rejected), a service log of
    // source service `flowlogs`, category `all`, on the subnet ("VCN Flow Logs", Networking
    // docs): without it nothing told which address reached a VM or database after an incident,
    // and CIS OCI Foundations Benchmark 3.x ("Ensure VCN flow logging is enabled for all
    // subnets") failed each subnet. In the log group of the VCN.
    const group = ref(ctx.address(ctx.network()!, 'oci_logging_log_group', '_flows'), 'id');
    serviceLog(
      ctx,
      group,
      { service: 'flowlogs', category: 'all', resource: ref(subnet.address, 'id') },
      'flows',
    );
  },
});

export const ociNsg = defineService({
  id: 'oci.network-security-group',
  cloud: 'oci',
  kind: 'security-group',
  name: 'Network security group',
  category: 'networking',
  description: 'Stateful rules for the VNICs of the components attached to it.',
  icon: 'oci-nsg',
  properties: [
    listProp('ingressPorts', 'Inbound TCP ports', ['443']),
    cidrProp('ingressCidr', 'Inbound source', '0.0.0.0/0'),
  ],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'nsg' },
  emits: {
    terraform: ['oci_core_network_security_group', 'oci_core_network_security_group_security_rule'],
  },
  terraform: (ctx) => {
    const nsg = ctx.resource('oci_core_network_security_group', ctx.node.local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      display_name: ctx.name(),
      freeform_tags: ctx.tags(),
    });
    for (const port of ctx.value<string[]>('ingressPorts')) {
      ctx.resource(
        'oci_core_network_security_group_security_rule',
        `${ctx.node.local}_in_${port}`,
        {
          network_security_group_id: ref(nsg.address, 'id'),
          direction: 'INGRESS',
          protocol: '6',
          source: ctx.value('ingressCidr'),
          source_type: 'CIDR_BLOCK',
          tcp_options: block({
            destination_port_range: block({ min: Number(port), max: Number(port) }),
          }),
        },
      );
    }
    // A group of data stores only reaches its own network, as their own groups do.
    ctx.resource('oci_core_network_security_group_security_rule', `${ctx.node.local}_all_out`, {
      network_security_group_id: ref(nsg.address, 'id'),
      direction: 'EGRESS',
      protocol: 'all',
      destination: holdsOnlyDataStores(ctx) ? vcnCidr(ctx) : '0.0.0.0/0',
      destination_type: 'CIDR_BLOCK',
    });
  },
});
