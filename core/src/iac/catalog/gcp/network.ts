import { defineService, type TNode, type TTfBuildContext } from '../service';
import { cidrProp, listProp } from '../properties';
import { block, ref, tfVar } from '../../ir/terraform-ir';

/** Google Cloud networking: VPC networks, subnetworks, firewall rules. */
export const gcpNetworkRef = (ctx: TTfBuildContext, attr = 'id') =>
  ref(ctx.address(ctx.network()!, 'google_compute_network'), attr);
export const gcpSubnetRef = (ctx: TTfBuildContext, subnet: TNode, attr = 'id') =>
  ref(ctx.address(subnet, 'google_compute_subnetwork'), attr);

/** Network tags of a component: one per firewall component attached to it. */
export const firewallTags = (ctx: TTfBuildContext): string[] =>
  ctx
    .outgoing('placement')
    .filter((e) => e.node.service.kind === 'security-group')
    .map((e) => e.node.name);

export const gcpNetwork = defineService({
  id: 'gcp.vpc-network',
  cloud: 'gcp',
  kind: 'network',
  name: 'VPC network',
  category: 'networking',
  description: 'Global VPC network in custom subnet mode.',
  icon: 'gcp-vpc',
  properties: [],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'vpc' },
  emits: { terraform: ['google_compute_network'] },
  terraform: (ctx) => {
    const net = ctx.resource('google_compute_network', ctx.node.local, {
      name: ctx.name(),
      auto_create_subnetworks: false,
      routing_mode: 'REGIONAL',
    });
    ctx.output('network_id', `Id of network ${ctx.node.name}`, ref(net.address, 'id'));
  },
});

export const gcpSubnet = defineService({
  id: 'gcp.subnetwork',
  cloud: 'gcp',
  kind: 'subnet',
  name: 'Subnetwork',
  category: 'networking',
  description: 'Regional subnetwork with Private Google Access.',
  icon: 'gcp-subnet',
  properties: [cidrProp('cidr', 'IP range', '10.0.1.0/24')],
  placement: 'network',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'snet' },
  emits: { terraform: ['google_compute_subnetwork'] },
  terraform: (ctx) => {
    ctx.resource('google_compute_subnetwork', ctx.node.local, {
      name: ctx.name(),
      network: gcpNetworkRef(ctx),
      region: tfVar('region'),
      ip_cidr_range: ctx.prop('cidr'),
      private_ip_google_access: true,
    });
  },
});

export const gcpFirewall = defineService({
  id: 'gcp.firewall',
  cloud: 'gcp',
  kind: 'security-group',
  name: 'Firewall rule',
  category: 'networking',
  description: 'Ingress rule for the instances attached to it (applied through a network tag).',
  icon: 'gcp-firewall',
  properties: [
    listProp('ingressPorts', 'Inbound TCP ports', ['443']),
    listProp('sourceRanges', 'Source ranges', ['0.0.0.0/0']),
  ],
  placement: 'network',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'fw' },
  emits: { terraform: ['google_compute_firewall'] },
  terraform: (ctx) => {
    ctx.resource('google_compute_firewall', ctx.node.local, {
      name: ctx.name(),
      network: gcpNetworkRef(ctx),
      direction: 'INGRESS',
      source_ranges: ctx.prop('sourceRanges'),
      target_tags: [ctx.node.name],
      allow: block({ protocol: 'tcp', ports: ctx.prop('ingressPorts') }),
    });
  },
});
