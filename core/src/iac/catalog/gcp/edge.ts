import { defineService, type TEdge, type TTfBuildContext } from '../service';
import { refuseUnservedTargets } from '../lb-targets';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { block, ref, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { DOMAINS, FRONT_END_TYPES, httpsFrontEnd } from './https-front-end';
import {
  cloudArmorOf,
  clientFirewall,
  HEALTH_CHECK_RANGES,
  healthCheckFirewall,
  instanceGroupOf,
  NLB_HEALTH_CHECK_RANGES,
  serverlessNeg,
} from './lb-backends';
import { gcpNetworkRef, gcpSubnetRef } from './shared';

/** Google Cloud edge: the global Application and regional passthrough Network Load Balancers. */

export const gcpHttpLoadBalancer = defineService({
  id: 'gcp.http-load-balancer',
  cloud: 'gcp',
  kind: 'load-balancer',
  name: 'Application Load Balancer (global external)',
  category: 'networking',
  description:
    'Global external Application Load Balancer: static IP, HTTPS (Google-managed certificate, TLS 1.2+) with HTTP redirected, URL map and a backend service over instance groups or serverless NEGs.',
  icon: 'gcp-cloud-load-balancing',
  properties: [
    enumProp('listenerPort', 'HTTP port (redirects to HTTPS)', ['80', '8080'], '80'),
    DOMAINS,
    strProp('healthPath', 'Health check path', '/'),
    numProp('timeout', 'Backend timeout (s)', 30, 1, 86400),
    boolProp('logging', 'Request logging', true),
  ],
  placement: 'none',
  // Clients reach it on HTTPS (its HTTP port only redirects).
  port: 443,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'lb' },
  emits: {
    terraform: [
      'google_compute_global_forwarding_rule',
      'google_compute_global_address',
      'google_compute_target_http_proxy',
      ...FRONT_END_TYPES,
      'google_compute_url_map',
      'google_compute_backend_service',
      'google_compute_health_check',
      'google_compute_instance_group',
      'google_compute_region_network_endpoint_group',
      'google_compute_firewall',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    refuseUnservedTargets(
      ctx,
      ['vm', 'autoscaling-group', 'serverless-container', 'function'],
      'Compute Engine instances, managed instance groups, Cloud Run services and functions',
    );
    const targets = ctx.outgoing('traffic');
    const port = targets[0] ? ctx.portOf(targets[0], targets[0].node) : 80;
    const serverless = targets.some((t) => serverlessNeg(ctx, t) !== undefined);
    const groups = targets.flatMap((t) => {
      const g = serverlessNeg(ctx, t) ?? instanceGroupOf(ctx, t, port);
      return g ? [g] : [];
    });
    const hc = serverless
      ? undefined
      : ctx.resource('google_compute_health_check', local, {
          name: ctx.name('hc'),
          check_interval_sec: 10,
          timeout_sec: 5,
          http_health_check: block({ port, request_path: ctx.prop('healthPath') }),
        });
    const backend = ctx.resource('google_compute_backend_service', local, {
      name: ctx.name('backend'),
      load_balancing_scheme: 'EXTERNAL_MANAGED',
      protocol: 'HTTP',
      ...(serverless
        ? {}
        : {
            port_name: 'http',
            timeout_sec: ctx.prop('timeout'),
            health_checks: [ref(hc!.address, 'id')],
          }),
      log_config: block({ enable: ctx.prop('logging') }),
      ...cloudArmorOf(ctx),
      backend: groups.map((group) =>
        block(
          serverless ? { group } : { group, balancing_mode: 'UTILIZATION', capacity_scaler: 1 },
        ),
      ),
    });
    healthCheckFirewall(ctx, targets, port, HEALTH_CHECK_RANGES);
    const urlMap = ctx.resource('google_compute_url_map', local, {
      name: ctx.name(),
      default_service: ref(backend.address, 'id'),
    });
    const address = httpsFrontEnd(ctx, ref(urlMap.address, 'id'), ctx.prop('listenerPort'));
    ctx.output('ip_address', `IP address of ${ctx.node.name}`, ref(address.address, 'address'));
  },
});

export const gcpNetworkLoadBalancer = defineService({
  id: 'gcp.network-load-balancer',
  cloud: 'gcp',
  kind: 'network-load-balancer',
  name: 'Network Load Balancer (passthrough)',
  category: 'networking',
  description:
    'Regional passthrough TCP/UDP load balancer (external, or internal in its subnetwork) with a regional backend service and health check.',
  icon: 'gcp-cloud-load-balancing',
  properties: [
    boolProp('public', 'Internet-facing', true),
    numProp('listenerPort', 'Listener port', 80, 1, 65535),
    enumProp('protocol', 'Protocol', ['TCP', 'UDP'], 'TCP'),
  ],
  placement: 'subnet',
  port: 80,
  naming: { rule: 'gcp-rfc1035', abbreviation: 'nlb' },
  emits: {
    terraform: [
      'google_compute_forwarding_rule',
      'google_compute_address',
      'google_compute_region_backend_service',
      'google_compute_region_health_check',
      'google_compute_instance_group',
      'google_compute_firewall',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const isPublic = ctx.value<boolean>('public');
    const scheme = isPublic ? 'EXTERNAL' : 'INTERNAL';
    refuseUnservedTargets(
      ctx,
      ['vm', 'autoscaling-group'],
      'Compute Engine instances and managed instance groups',
    );
    const targets = ctx.outgoing('traffic');
    const port = targets[0] ? ctx.portOf(targets[0], targets[0].node) : 80;
    const groups = targets.flatMap((t) => {
      const g = instanceGroupOf(ctx, t, port);
      return g ? [g] : [];
    });
    const hc = ctx.resource('google_compute_region_health_check', local, {
      name: ctx.name('hc'),
      region: tfVar('region'),
      check_interval_sec: 10,
      timeout_sec: 5,
      tcp_health_check: block({ port }),
    });
    const backend = ctx.resource('google_compute_region_backend_service', local, {
      name: ctx.name('backend'),
      region: tfVar('region'),
      protocol: ctx.prop('protocol'),
      load_balancing_scheme: scheme,
      health_checks: [ref(hc.address, 'id')],
      ...(isPublic ? {} : { network: gcpNetworkRef(ctx) }),
      backend: groups.map((group) => block({ group, balancing_mode: 'CONNECTION' })),
    });
    healthCheckFirewall(ctx, targets, port, NLB_HEALTH_CHECK_RANGES);
    clientFirewall(ctx, targets, isPublic);
    const subnet = ctx.subnets()[0];
    const address = ctx.resource('google_compute_address', local, {
      name: ctx.name('ip'),
      region: tfVar('region'),
      address_type: scheme,
      ...(isPublic || !subnet ? {} : { subnetwork: gcpSubnetRef(ctx, subnet) }),
      labels: ctx.tags(),
    });
    ctx.resource('google_compute_forwarding_rule', local, {
      name: ctx.name(),
      region: tfVar('region'),
      load_balancing_scheme: scheme,
      backend_service: ref(backend.address, 'id'),
      ip_address: ref(address.address, 'address'),
      ip_protocol: ctx.prop('protocol'),
      ports: [ctx.prop('listenerPort', (v) => String(v))],
      ...(isPublic || !subnet
        ? {}
        : { network: gcpNetworkRef(ctx), subnetwork: gcpSubnetRef(ctx, subnet) }),
      labels: ctx.tags(),
    });
    ctx.output('ip_address', `IP address of ${ctx.node.name}`, ref(address.address, 'address'));
  },
});

/** The public IPv4 address a DNS record can point to, for the kinds that have one. */
export function addressOf(ctx: TTfBuildContext, edge: TEdge): TTfValue | undefined {
  const t = edge.node;
  switch (t.service.kind) {
    case 'load-balancer':
    case 'cdn':
      return ref(ctx.address(t, 'google_compute_global_address'), 'address');
    case 'network-load-balancer':
      return t.properties['public'] === false
        ? undefined
        : ref(ctx.address(t, 'google_compute_address'), 'address');
    default:
      return undefined;
  }
}
