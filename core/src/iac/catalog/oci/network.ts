import { defineService, type TNode, type TTfBuildContext } from '../service';
import { boolProp, cidrProp, listProp } from '../properties';
import { block, ref } from '../../ir/terraform-ir';
import { compartment, dnsLabel, vcnId } from './shared';

/** OCI networking: VCN, subnets, network security groups, internet and NAT gateways. */
const subnetsOf = (ctx: TTfBuildContext, network: TNode, isPublic: boolean): TNode[] =>
  ctx
    .children(network)
    .filter((n) => n.service.kind === 'subnet' && n.properties['public'] === isPublic);

export const ociVcn = defineService({
  id: 'oci.vcn',
  cloud: 'oci',
  kind: 'network',
  name: 'Virtual cloud network',
  category: 'networking',
  description: 'VCN with a DNS label.',
  icon: 'oci-vcn',
  properties: [cidrProp('cidr', 'CIDR block', '10.0.0.0/16')],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'vcn' },
  emits: { terraform: ['oci_core_vcn'] },
  terraform: (ctx) => {
    const vcn = ctx.resource('oci_core_vcn', ctx.node.local, {
      compartment_id: compartment(),
      cidr_blocks: [ctx.prop('cidr')],
      display_name: ctx.name(),
      dns_label: dnsLabel(ctx.node),
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
  description: 'Regional subnet; private subnets forbid public IPs on their VNICs.',
  icon: 'oci-subnet',
  properties: [cidrProp('cidr', 'CIDR block', '10.0.1.0/24'), boolProp('public', 'Public', false)],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'snet' },
  emits: { terraform: ['oci_core_subnet'] },
  terraform: (ctx) => {
    ctx.resource('oci_core_subnet', ctx.node.local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      cidr_block: ctx.prop('cidr'),
      display_name: ctx.name(),
      dns_label: dnsLabel(ctx.node),
      prohibit_public_ip_on_vnic: !ctx.value<boolean>('public'),
      freeform_tags: ctx.tags(),
    });
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
    ctx.resource('oci_core_network_security_group_security_rule', `${ctx.node.local}_all_out`, {
      network_security_group_id: ref(nsg.address, 'id'),
      direction: 'EGRESS',
      protocol: 'all',
      destination: '0.0.0.0/0',
      destination_type: 'CIDR_BLOCK',
    });
  },
});

function gatewayRoutes(ctx: TTfBuildContext, gateway: string, isPublic: boolean): void {
  const network = ctx.network()!;
  const table = ctx.resource('oci_core_route_table', ctx.node.local, {
    compartment_id: compartment(),
    vcn_id: vcnId(ctx),
    display_name: ctx.name('rt'),
    freeform_tags: ctx.tags(),
    route_rules: block({
      network_entity_id: ref(gateway, 'id'),
      destination: '0.0.0.0/0',
      destination_type: 'CIDR_BLOCK',
    }),
  });
  for (const s of subnetsOf(ctx, network, isPublic)) {
    ctx.resource('oci_core_route_table_attachment', `${ctx.node.local}_${s.local}`, {
      subnet_id: ref(ctx.address(s, 'oci_core_subnet'), 'id'),
      route_table_id: ref(table.address, 'id'),
    });
  }
}

export const ociInternetGateway = defineService({
  id: 'oci.internet-gateway',
  cloud: 'oci',
  kind: 'internet-gateway',
  name: 'Internet gateway',
  category: 'networking',
  description: 'Internet gateway with the route table of the public subnets.',
  icon: 'oci-internet-gateway',
  properties: [],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'igw' },
  emits: {
    terraform: [
      'oci_core_internet_gateway',
      'oci_core_route_table',
      'oci_core_route_table_attachment',
    ],
  },
  terraform: (ctx) => {
    const igw = ctx.resource('oci_core_internet_gateway', ctx.node.local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      display_name: ctx.name(),
      enabled: true,
      freeform_tags: ctx.tags(),
    });
    gatewayRoutes(ctx, igw.address, true);
  },
});

export const ociNatGateway = defineService({
  id: 'oci.nat-gateway',
  cloud: 'oci',
  kind: 'nat-gateway',
  name: 'NAT gateway',
  category: 'networking',
  description: 'Outbound internet for private subnets, with their route table.',
  icon: 'oci-nat-gateway',
  properties: [],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'nat' },
  emits: {
    terraform: ['oci_core_nat_gateway', 'oci_core_route_table', 'oci_core_route_table_attachment'],
  },
  terraform: (ctx) => {
    const nat = ctx.resource('oci_core_nat_gateway', ctx.node.local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      display_name: ctx.name(),
      freeform_tags: ctx.tags(),
    });
    gatewayRoutes(ctx, nat.address, false);
  },
});
