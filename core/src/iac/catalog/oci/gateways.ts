import { defineService, type TNode, type TTfBuildContext } from '../service';
import { block, ref, type TTfBlock } from '../../ir/terraform-ir';
import { compartment, vcnId } from './shared';

/** OCI gateways: internet, NAT and service gateways, with the route tables of their subnets. */

const subnetsOf = (ctx: TTfBuildContext, network: TNode, isPublic: boolean): TNode[] =>
  ctx
    .children(network)
    .filter((n) => n.service.kind === 'subnet' && n.properties['public'] === isPublic);

/** Route rule to the on-premises network of each site-to-site VPN in the network (via its DRG). */
function vpnRoutes(ctx: TTfBuildContext, network: TNode): { rules: TTfBlock[]; deps: string[] } {
  const vpns = ctx.children(network).filter((n) => n.service.kind === 'vpn-gateway');
  return {
    rules: vpns.map((v) =>
      block({
        network_entity_id: ref(ctx.address(v, 'oci_core_drg'), 'id'),
        destination: String(v.properties['onPremCidr']),
        destination_type: 'CIDR_BLOCK',
        description: `${v.name} (on-premises) through the DRG`,
      }),
    ),
    deps: vpns.map((v) => ctx.address(v, 'oci_core_drg_attachment')),
  };
}

function gatewayRoutes(ctx: TTfBuildContext, isPublic: boolean, rules: readonly TTfBlock[]): void {
  const network = ctx.network()!;
  const vpn = vpnRoutes(ctx, network);
  const table = ctx.resource(
    'oci_core_route_table',
    ctx.node.local,
    {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      display_name: ctx.name('rt'),
      freeform_tags: ctx.tags(),
      route_rules: [...rules, ...vpn.rules],
    },
    vpn.deps,
  );
  for (const s of subnetsOf(ctx, network, isPublic)) {
    ctx.resource('oci_core_route_table_attachment', `${ctx.node.local}_${s.local}`, {
      subnet_id: ref(ctx.address(s, 'oci_core_subnet'), 'id'),
      route_table_id: ref(table.address, 'id'),
    });
  }
}

const defaultRoute = (gateway: string) =>
  block({
    network_entity_id: ref(gateway, 'id'),
    destination: '0.0.0.0/0',
    destination_type: 'CIDR_BLOCK',
  });

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
    gatewayRoutes(ctx, true, [defaultRoute(igw.address)]);
  },
});

export const ociNatGateway = defineService({
  id: 'oci.nat-gateway',
  cloud: 'oci',
  kind: 'nat-gateway',
  name: 'NAT and service gateways',
  category: 'networking',
  description:
    'Outbound internet for private subnets through a NAT gateway and private access to Oracle services (Object Storage, OCIR, Functions...) through a service gateway, with their route table.',
  icon: 'oci-nat-gateway',
  properties: [],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'nat' },
  emits: {
    terraform: [
      'oci_core_nat_gateway',
      'oci_core_service_gateway',
      'oci_core_route_table',
      'oci_core_route_table_attachment',
    ],
  },
  terraform: (ctx) => {
    const nat = ctx.resource('oci_core_nat_gateway', ctx.node.local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      display_name: ctx.name(),
      freeform_tags: ctx.tags(),
    });
    const services = ctx.data('oci_core_services', 'all', {
      filter: block({
        name: 'name',
        values: ['All .* Services In Oracle Services Network'],
        regex: true,
      }),
    });
    const sgw = ctx.resource('oci_core_service_gateway', ctx.node.local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      display_name: ctx.name('sgw'),
      freeform_tags: ctx.tags(),
      services: block({ service_id: ref(services.address, 'services[0].id') }),
    });
    gatewayRoutes(ctx, false, [
      defaultRoute(nat.address),
      block({
        network_entity_id: ref(sgw.address, 'id'),
        destination: ref(services.address, 'services[0].cidr_block'),
        destination_type: 'SERVICE_CIDR_BLOCK',
      }),
    ]);
  },
});
