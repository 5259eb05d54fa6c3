import { defineService, type TEdge, type TNode, type TTfBuildContext } from '../service';
import { cidrProp, numProp, strProp } from '../properties';
import { block, ref, tfVar } from '../../ir/terraform-ir';
import { gcpNetworkRef, networkOf } from './shared';
import { instanceAccount } from './traffic-firewall';

/** Google Cloud HA VPN to an on-premises gateway. */

export const gcpHaVpn = defineService({
  id: 'gcp.ha-vpn',
  cloud: 'gcp',
  kind: 'vpn-gateway',
  name: 'HA VPN',
  category: 'networking',
  description:
    'HA VPN gateway with two IKEv2 tunnels to an on-premises gateway and BGP sessions on a dedicated Cloud Router (99.99% SLA needs two peer interfaces).',
  icon: 'gcp-cloud-vpn',
  properties: [
    strProp('customerIp', 'On-premises public IP', '203.0.113.10'),
    numProp('customerAsn', 'On-premises BGP ASN', 65000, 1, 4294967295),
    numProp('routerAsn', 'Cloud Router ASN', 64514, 64512, 65534),
    cidrProp('onPremCidr', 'On-premises CIDR (firewall source)', '192.168.0.0/16'),
  ],
  placement: 'network',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'vpn' },
  emits: {
    terraform: [
      'google_compute_ha_vpn_gateway',
      'google_compute_external_vpn_gateway',
      'google_compute_router',
      'google_compute_vpn_tunnel',
      'google_compute_router_interface',
      'google_compute_router_peer',
      'google_compute_firewall',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const gateway = ctx.resource('google_compute_ha_vpn_gateway', local, {
      name: ctx.name(),
      region: tfVar('region'),
      network: gcpNetworkRef(ctx),
    });
    const peer = ctx.resource('google_compute_external_vpn_gateway', local, {
      name: ctx.name('peer'),
      redundancy_type: 'SINGLE_IP_INTERNALLY_REDUNDANT',
      description: 'On-premises VPN gateway',
      labels: ctx.tags(),
      interface: block({ id: 0, ip_address: ctx.prop('customerIp') }),
    });
    const router = ctx.resource('google_compute_router', local, {
      name: ctx.name('router'),
      region: tfVar('region'),
      network: gcpNetworkRef(ctx),
      bgp: block({ asn: ctx.prop('routerAsn') }),
    });
    const secret = ctx.variable({
      name: `${local}_shared_secret`,
      type: 'string',
      description: `IKE pre-shared key of the tunnels of ${ctx.node.name}.`,
      sensitive: true,
    });
    for (const i of [0, 1]) {
      const tunnel = ctx.resource('google_compute_vpn_tunnel', `${local}_${i}`, {
        name: ctx.name(`tunnel${i}`),
        region: tfVar('region'),
        vpn_gateway: ref(gateway.address, 'id'),
        vpn_gateway_interface: i,
        peer_external_gateway: ref(peer.address, 'id'),
        peer_external_gateway_interface: 0,
        ike_version: 2,
        // Write-only: the key never enters the state (policy no-secret-in-state); raise the
        // version to send a new one.
        shared_secret_wo: secret,
        shared_secret_wo_version: 1,
        router: ref(router.address, 'id'),
        labels: ctx.tags(),
      });
      const iface = ctx.resource('google_compute_router_interface', `${local}_${i}`, {
        name: ctx.name(`if${i}`),
        router: ref(router.address, 'name'),
        region: tfVar('region'),
        ip_range: `169.254.${i}.1/30`,
        vpn_tunnel: ref(tunnel.address, 'name'),
      });
      ctx.resource('google_compute_router_peer', `${local}_${i}`, {
        name: ctx.name(`peer${i}`),
        router: ref(router.address, 'name'),
        region: tfVar('region'),
        interface: ref(iface.address, 'name'),
        peer_ip_address: `169.254.${i}.2`,
        peer_asn: ctx.prop('customerAsn'),
        advertised_route_priority: 100,
      });
    }
    onPremisesFirewalls(ctx);
    ctx.output(
      'gateway_ips',
      `Public IPs of the interfaces of ${ctx.node.name}`,
      [0, 1].map((i) => ref(gateway.address, `vpn_interfaces[${i}].ip_address`)),
    );
  },
});

/**
 * The VMs that serve a connection from on-premises, and on which port: a VM, instance group or
 * GKE cluster itself, or the backends of an internal passthrough load balancer (it keeps the
 * client's address). Managed services (Cloud SQL, Memorystore) are not behind the VPC firewall.
 */
function servedBy(ctx: TTfBuildContext, edge: TEdge): { hosts: TNode[]; port: string } | undefined {
  const t = edge.node;
  if (instanceAccount(ctx, t)) return { hosts: [t], port: String(ctx.portOf(edge, t)) };
  if (t.service.kind !== 'network-load-balancer' || t.properties['public'] !== false)
    return undefined;
  const hosts = ctx
    .outgoingOf(t, 'traffic')
    .map((e) => e.node)
    .filter((n) => instanceAccount(ctx, n) !== undefined);
  const port = edge.connection.port ?? t.properties['listenerPort'];
  return hosts.length > 0 ? { hosts, port: String(port) } : undefined;
}

/**
 * On-premises traffic is admitted only into what the VPN is connected to, on the connection's
 * port, never into the whole network: design rule gcp-vpn-targets warns when it is connected to
 * nothing.
 */
function onPremisesFirewalls(ctx: TTfBuildContext): void {
  const network = ctx.network();
  const seen = new Set<string>();
  for (const edge of ctx.outgoing('traffic')) {
    const served = servedBy(ctx, edge);
    if (!served || served.hosts.some((h) => networkOf(ctx, h)?.id !== network?.id)) continue;
    const protocol = edge.connection.protocol === 'udp' ? 'udp' : 'tcp';
    const key = `${edge.node.local}_${protocol}_${served.port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ctx.resource(
      'google_compute_firewall',
      `${ctx.node.local}_to_${edge.node.local}_${served.port}`,
      {
        name: ctx.name(`to-${edge.node.name}-${served.port}`, 'gcp-rfc1035'),
        network: gcpNetworkRef(ctx),
        description: `On-premises through ${ctx.node.name} to ${edge.node.name} on ${protocol}/${served.port}`,
        direction: 'INGRESS',
        source_ranges: [ctx.prop('onPremCidr')],
        target_service_accounts: served.hosts.map((h) => instanceAccount(ctx, h)!),
        allow: block({ protocol, ports: [served.port] }),
      },
    );
  }
}
