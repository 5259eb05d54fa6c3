import { defineService } from '../service';
import { cidrProp, numProp, strProp } from '../properties';
import { block, ref, tpl, type TTfBody } from '../../ir/terraform-ir';
import { routeTablesOf } from './network';
import { kmsKeyOf, vpcId } from './shared';
import { STRONG_TUNNEL_PROPOSALS, VPN_TUNNELS } from '../../policy/rules/aws-vpn';

/**
 * AWS site-to-site VPN: virtual private gateway, customer gateway and IPsec connection with a
 * static route to the on-premises range. The gateway propagates that route into the route table
 * of every subnet of the VPC (VPC User Guide, "Route propagation"): without it the range follows
 * the default route to the NAT or internet gateway, so replies to on-premises, and calls to it,
 * never reach the tunnel. Both tunnels take strong proposals only and log to CloudWatch
 * (policy rule aws-vpn-strong-tunnels).
 */
export const awsVpn = defineService({
  id: 'aws.vpn',
  cloud: 'aws',
  kind: 'vpn-gateway',
  name: 'Site-to-site VPN',
  category: 'networking',
  description:
    'Virtual private gateway, customer gateway and IPsec connection to an on-premises network (IKEv2, AES-256, SHA-2, DH group 14 or higher; tunnel logs in CloudWatch), its route propagated into the route tables of the VPC’s subnets.',
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
      'aws_cloudwatch_log_group',
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
    const key = kmsKeyOf(ctx);
    const logs = ctx.resource('aws_cloudwatch_log_group', `${local}_tunnels`, {
      // CloudWatch Logs names each group a service delivers to in one resource policy of at most
      // 5,120 characters, except those under /aws/vendedlogs/, which it admits without a name.
      name: tpl('/aws/vendedlogs/vpn/', ctx.name()),
      retention_in_days: 90,
      ...(key ? { kms_key_id: key } : {}),
      tags: ctx.tags(),
    });
    const tunnels: Record<string, TTfBody[string]> = {};
    for (const tunnel of VPN_TUNNELS) {
      for (const [option, value] of Object.entries(STRONG_TUNNEL_PROPOSALS))
        tunnels[`${tunnel}_${option}`] = [...value];
      tunnels[`${tunnel}_log_options`] = block({
        cloudwatch_log_options: block({
          log_enabled: true,
          log_group_arn: ref(logs.address, 'arn'),
          log_output_format: 'json',
        }),
      });
    }
    const vpn = ctx.resource('aws_vpn_connection', local, {
      vpn_gateway_id: ref(vgw.address, 'id'),
      customer_gateway_id: ref(cgw.address, 'id'),
      type: 'ipsec.1',
      static_routes_only: true,
      ...tunnels,
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
    ctx.output(
      'tunnel_log_group',
      `Log group of the tunnels of ${ctx.node.name}`,
      ref(logs.address, 'name'),
    );
  },
});
