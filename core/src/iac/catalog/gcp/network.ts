import { defineService, type TTfBuildContext } from '../service';
import { cidrProp, enumProp, listProp, numProp } from '../properties';
import { block, ref, tfVar, type TTfRef } from '../../ir/terraform-ir';
import { gcpNetworkRef } from './shared';

export { firewallTags, gcpNetworkRef, gcpSubnetRef } from './shared';

/** Google Cloud networking: VPC networks, subnetworks, firewall rules, routes, Cloud NAT. */
export const gcpNetwork = defineService({
  id: 'gcp.vpc-network',
  cloud: 'gcp',
  kind: 'network',
  name: 'VPC network',
  category: 'networking',
  description:
    'Global VPC network in custom subnet mode; with an internet route component, its default route is managed in code.',
  icon: 'gcp-vpc',
  properties: [],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'vpc' },
  emits: { terraform: ['google_compute_network'] },
  terraform: (ctx) => {
    const managedRoute = ctx.children(ctx.node).some((n) => n.service.kind === 'internet-gateway');
    const net = ctx.resource('google_compute_network', ctx.node.local, {
      name: ctx.name(),
      auto_create_subnetworks: false,
      routing_mode: 'REGIONAL',
      ...(managedRoute ? { delete_default_routes_on_create: true } : {}),
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
  description: 'Regional subnetwork with Private Google Access and VPC Flow Logs.',
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
      // VPC Flow Logs, Google's default sampling (CIS GCP 3.8; tfsec
      // google-compute-enable-vpc-flow-logs; Checkov CKV_GCP_26): who talked to what is on record.
      log_config: block({
        aggregation_interval: 'INTERVAL_5_SEC',
        flow_sampling: 0.5,
        metadata: 'INCLUDE_ALL_METADATA',
      }),
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

export const gcpInternetRoute = defineService({
  id: 'gcp.internet-route',
  cloud: 'gcp',
  kind: 'internet-gateway',
  name: 'Default internet route',
  category: 'networking',
  description:
    'Google Cloud has no internet gateway resource: the VPC reaches the internet through a route to default-internet-gateway, declared here (the network then drops the route it would create).',
  icon: 'gcp-route',
  properties: [numProp('priority', 'Route priority', 1000, 0, 65535)],
  placement: 'network',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'rt' },
  emits: { terraform: ['google_compute_route'] },
  terraform: (ctx) => {
    ctx.resource('google_compute_route', ctx.node.local, {
      name: ctx.name(),
      description: 'Default route to the internet',
      network: gcpNetworkRef(ctx),
      dest_range: '0.0.0.0/0',
      next_hop_gateway: 'default-internet-gateway',
      priority: ctx.prop('priority'),
    });
  },
});

/** The Cloud Router of a network (one per network and region), shared by its NAT gateways. */
export function cloudRouter(ctx: TTfBuildContext): TTfRef {
  const network = ctx.network()!;
  return ctx.shared('google_compute_router', `${network.local}_router`, {
    name: ctx.nameOf(network, 'router', 'gcp-rfc1035'),
    network: gcpNetworkRef(ctx),
    region: tfVar('region'),
  });
}

export const gcpCloudNat = defineService({
  id: 'gcp.cloud-nat',
  cloud: 'gcp',
  kind: 'nat-gateway',
  name: 'Cloud NAT',
  category: 'networking',
  description:
    'Regional NAT on the network’s Cloud Router for every subnetwork, with automatically allocated addresses and error logging.',
  icon: 'gcp-cloud-nat',
  properties: [
    numProp('minPortsPerVm', 'Minimum ports per VM', 64, 32, 65536),
    enumProp('logFilter', 'Logging', ['ERRORS_ONLY', 'TRANSLATIONS_ONLY', 'ALL'], 'ERRORS_ONLY'),
  ],
  placement: 'network',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'nat' },
  emits: { terraform: ['google_compute_router_nat', 'google_compute_router'] },
  terraform: (ctx) => {
    const router = cloudRouter(ctx);
    ctx.resource('google_compute_router_nat', ctx.node.local, {
      name: ctx.name(),
      router: ref(router.address, 'name'),
      region: tfVar('region'),
      nat_ip_allocate_option: 'AUTO_ONLY',
      source_subnetwork_ip_ranges_to_nat: 'ALL_SUBNETWORKS_ALL_IP_RANGES',
      min_ports_per_vm: ctx.prop('minPortsPerVm'),
      log_config: block({ enable: true, filter: ctx.prop('logFilter') }),
    });
  },
});
