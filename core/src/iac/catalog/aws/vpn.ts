import { defineService } from '../service';
import { cidrProp, numProp, strProp } from '../properties';
import { ref } from '../../ir/terraform-ir';
import { routeTablesOf } from './network';
import { vpcId } from './shared';

/**
 * AWS site-to-site VPN: virtual private gateway, customer gateway and IPsec connection with a
 * static route to the on-premises range. The gateway propagates that route into the route table
 * of every subnet of the VPC (VPC User Guide, "Route propagation"): without it the range follows
 * the default route to the NAT or internet gateway, so replies to on-premises, and calls to it,
 * never reach the tunnel.
 */
export const awsVpn = defineService({
  id: 'aws.vpn',
  cloud: 'aws',
  kind: 'vpn-gateway',
  name: 'Site-to-site VPN',
  category: 'networking',
  description:
    'Virtual private gateway, customer gateway and IPsec connection to an on-premises network, its route propagated into the route tables of the VPC’s subnets.',
  icon: 'aws-vpn',
  properties: [
    strProp('customerIp', 'On-premises public IP', '203.0.113.10'),
    numProp('customerAsn', 'On-premises BGP ASN', 65000, 1, 4294967295),
    cidrProp('onPremCidr', 'On-premises CIDR', '192.168.0.0/16'),
  ],
  placement: 'network',
  naming: { rule: 'aws-tag', abbreviation: 'vpn' },
  emits: {
    terraform: [
      'aws_vpn_gateway',
      'aws_customer_gateway',
      'aws_vpn_connection',
      'aws_vpn_connection_route',
      'aws_vpn_gateway_route_propagation',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const vgw = ctx.resource('aws_vpn_gateway', local, { vpc_id: vpcId(ctx), tags: ctx.tags() });
    const cgw = ctx.resource('aws_customer_gateway', local, {
      bgp_asn: String(ctx.value<number>('customerAsn')),
      ip_address: ctx.prop('customerIp'),
      type: 'ipsec.1',
      tags: ctx.tags(),
    });
    const vpn = ctx.resource('aws_vpn_connection', local, {
      vpn_gateway_id: ref(vgw.address, 'id'),
      customer_gateway_id: ref(cgw.address, 'id'),
      type: 'ipsec.1',
      static_routes_only: true,
      tags: ctx.tags(),
    });
    ctx.resource('aws_vpn_connection_route', local, {
      destination_cidr_block: ctx.prop('onPremCidr'),
      vpn_connection_id: ref(vpn.address, 'id'),
    });
    for (const [owner, table] of routeTablesOf(ctx, ctx.network()!)) {
      ctx.resource('aws_vpn_gateway_route_propagation', `${local}_${owner}`, {
        vpn_gateway_id: ref(vgw.address, 'id'),
        route_table_id: table,
      });
    }
    ctx.output(
      'tunnel1_address',
      `Tunnel 1 address of ${ctx.node.name}`,
      ref(vpn.address, 'tunnel1_address'),
    );
  },
});
