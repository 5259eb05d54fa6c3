import { defineService, type TEdge, type TNode, type TTfBuildContext } from '../service';
import { instanceAccount } from './traffic-firewall';
import { BuildError } from '../../build/terraform-build';
import { refuseUnservedTargets } from '../lb-targets';
import { boolProp, cidrProp, enumProp, numProp, strProp } from '../properties';
import { block, call, ref, tfVar, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { DOMAINS, FRONT_END_TYPES, httpsFrontEnd } from './https-front-end';
import { domainsIn, recordNames, recordSuffix, zoneDomainIn } from './dns-names';
import { gcpNetworkRef, gcpSubnetRef, networkOf, primaryRef } from './shared';

/** Google Cloud edge: load balancers, Cloud DNS, Cloud CDN, HA VPN. */

/** Source ranges of Google's health checkers (and of the global proxies' traffic). */
const HEALTH_CHECK_RANGES = ['35.191.0.0/16', '130.211.0.0/22'];
/** Passthrough Network Load Balancer health checks come from these ranges too. */
const NLB_HEALTH_CHECK_RANGES = ['35.191.0.0/16', '209.85.152.0/22', '209.85.204.0/22'];

/**
 * The instance group behind a VM or managed-instance-group target: a zonal unmanaged instance
 * group around the VM, or the group of the regional instance group manager.
 */
function instanceGroupOf(ctx: TTfBuildContext, edge: TEdge, port: number): TTfRef | undefined {
  const t = edge.node;
  if (t.service.kind === 'autoscaling-group')
    return ref(ctx.address(t, 'google_compute_region_instance_group_manager'), 'instance_group');
  if (t.service.kind !== 'vm') return undefined;
  const vm = ctx.address(t, 'google_compute_instance');
  const network = networkOf(ctx, t);
  return ref(
    ctx.shared('google_compute_instance_group', `${t.local}_group`, {
      name: ctx.nameOf(t, 'ig', 'gcp-rfc1035'),
      zone: ref(vm, 'zone'),
      ...(network ? { network: ref(ctx.address(network, 'google_compute_network'), 'id') } : {}),
      instances: [ref(vm, 'self_link')],
      named_port: block({ name: 'http', port }),
    }).address,
    'id',
  );
}

/** Lets the health checkers (and proxies) reach the backends' service accounts on the port. */
function healthCheckFirewall(
  ctx: TTfBuildContext,
  targets: readonly TEdge[],
  port: number,
  ranges: readonly string[],
): void {
  const backends = targets.filter(
    (t) => t.node.service.kind === 'vm' || t.node.service.kind === 'autoscaling-group',
  );
  const network = backends[0] ? networkOf(ctx, backends[0].node) : undefined;
  if (!network) return;
  ctx.resource('google_compute_firewall', `${ctx.node.local}_health_checks`, {
    name: ctx.name('hc', 'gcp-rfc1035'),
    network: ref(ctx.address(network, 'google_compute_network'), 'id'),
    direction: 'INGRESS',
    source_ranges: [...ranges],
    target_service_accounts: backends.map((t) => instanceAccount(ctx, t.node)!),
    allow: block({ protocol: 'tcp', ports: [String(port)] }),
  });
}

/**
 * A passthrough load balancer keeps the client's address and the listener's port, so the
 * backends' firewall must admit the clients themselves ("Backend service-based external
 * passthrough Network Load Balancer overview", firewall rules): anyone on the listener port
 * when internet-facing; for an internal one, the senders drawn into it, else its network's
 * subnetworks.
 */
function clientFirewall(ctx: TTfBuildContext, targets: readonly TEdge[], isPublic: boolean): void {
  const backends = targets.filter((t) => instanceAccount(ctx, t.node) !== undefined);
  const network = backends[0] ? networkOf(ctx, backends[0].node) : undefined;
  if (!network) return;
  const senders = ctx.incoming('traffic').map((e) => e.node);
  const accounts = senders.flatMap((n) => instanceAccount(ctx, n) ?? []);
  const subnets = [
    ...new Set(
      senders.filter((n) => instanceAccount(ctx, n) === undefined).flatMap((n) => ctx.subnetsOf(n)),
    ),
  ];
  const everyone = ctx.children(network).filter((n) => n.service.kind === 'subnet');
  const ranges = (list: readonly TNode[]) => list.map((s) => gcpSubnetRef(ctx, s, 'ip_cidr_range'));
  const sources: Record<string, TTfValue> = isPublic
    ? { source_ranges: ['0.0.0.0/0'] }
    : accounts.length + subnets.length === 0
      ? { source_ranges: ranges(everyone) }
      : {
          ...(accounts.length > 0 ? { source_service_accounts: accounts } : {}),
          ...(subnets.length > 0 ? { source_ranges: ranges(subnets) } : {}),
        };
  ctx.resource('google_compute_firewall', `${ctx.node.local}_clients`, {
    name: ctx.name('clients', 'gcp-rfc1035'),
    network: ref(ctx.address(network, 'google_compute_network'), 'id'),
    description: `Clients of ${ctx.node.name} on its listener port`,
    direction: 'INGRESS',
    ...sources,
    target_service_accounts: backends.map((t) => instanceAccount(ctx, t.node)!),
    allow: block({
      protocol: ctx.value<string>('protocol').toLowerCase(),
      ports: [ctx.prop('listenerPort', (v) => String(v))],
    }),
  });
}

/** Serverless network endpoint group of a Cloud Run service or a Cloud Function. */
function serverlessNeg(ctx: TTfBuildContext, edge: TEdge): TTfRef | undefined {
  const t = edge.node;
  const isRun = t.service.kind === 'serverless-container';
  if (!isRun && t.service.kind !== 'function') return undefined;
  return ref(
    ctx.shared('google_compute_region_network_endpoint_group', `${t.local}_neg`, {
      name: ctx.nameOf(t, 'neg', 'gcp-rfc1035'),
      region: tfVar('region'),
      network_endpoint_type: 'SERVERLESS',
      ...(isRun
        ? { cloud_run: block({ service: primaryRef(ctx, t, 'name') }) }
        : { cloud_function: block({ function: primaryRef(ctx, t, 'name') }) }),
    }).address,
    'id',
  );
}

/** A Cloud Armor policy with a traffic connection to the load balancer protects its backends. */
function cloudArmorOf(ctx: TTfBuildContext): { security_policy?: TTfRef } {
  const waf = ctx.incoming('traffic').find((e) => e.node.service.kind === 'waf');
  return waf
    ? { security_policy: ref(ctx.address(waf.node, 'google_compute_security_policy'), 'id') }
    : {};
}

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
function addressOf(ctx: TTfBuildContext, edge: TEdge): TTfValue | undefined {
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

/**
 * Per environment, the names a zone holds for a load balancer or CDN (dns-names.ts): the domains
 * of its Google-managed certificate that lie in the zone (the design rule gcp-dns-certificate
 * asks for at least one), else the name a certificate without domains takes. Undefined for
 * another target, which has no certificate.
 */
function namesByEnvironment(
  ctx: TTfBuildContext,
  target: TNode,
): Record<string, string[]> | undefined {
  if (target.service.kind !== 'load-balancer' && target.service.kind !== 'cdn') return undefined;
  const out: Record<string, string[]> = {};
  for (const env of ctx.environments) {
    const domains = domainsIn(target, target.overrides[env]);
    const zone = zoneDomainIn(ctx.node, ctx.node.overrides[env]);
    const names = recordNames(target.name, domains, zone);
    if (names.length === 0)
      throw new BuildError(
        `${ctx.node.id} -> ${target.id}: none of the certificate domains of ${target.name} in ${env} (${domains.join(', ')}) is in ${zone}`,
      );
    out[env] = names;
  }
  return out;
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

export const gcpCloudDns = defineService({
  id: 'gcp.cloud-dns',
  cloud: 'gcp',
  kind: 'dns-zone',
  name: 'Cloud DNS zone',
  category: 'networking',
  description:
    'Public managed zone with DNSSEC; A records for the load balancers and CDNs it points to, under the domains of their certificates that lie in the zone.',
  icon: 'gcp-cloud-dns',
  properties: [
    strProp('domain', 'Domain name', 'example.com'),
    boolProp('dnssec', 'DNSSEC', true),
    numProp('ttl', 'Record TTL (s)', 300, 1, 86400),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'dns' },
  emits: { terraform: ['google_dns_managed_zone', 'google_dns_record_set'] },
  terraform: (ctx) => {
    const zoneDomain = ctx.value('domain');
    const zone = ctx.resource('google_dns_managed_zone', ctx.node.local, {
      name: ctx.name(),
      dns_name: tpl(ctx.prop('domain'), '.'),
      description: `Public zone ${String(ctx.value('domain'))}`,
      visibility: 'public',
      labels: ctx.tags(),
      dnssec_config: block({ state: ctx.value<boolean>('dnssec') ? 'on' : 'off' }),
    });
    for (const edge of ctx.outgoing('traffic')) {
      const address = addressOf(ctx, edge);
      if (address === undefined) continue;
      const local = `${ctx.node.local}_${edge.node.local}`;
      const record = (suffix: string, name: TTfValue) =>
        ctx.resource('google_dns_record_set', suffix ? `${local}_${suffix}` : local, {
          managed_zone: ref(zone.address, 'name'),
          name,
          type: 'A',
          ttl: ctx.prop('ttl'),
          rrdatas: [address],
        });
      const byEnv = namesByEnvironment(ctx, edge.node);
      const envs = ctx.environments;
      // Without domains of its own, the certificate takes this record's name (https-front-end.ts).
      if (!byEnv || envs.every((e) => domainsIn(edge.node, edge.node.overrides[e]).length === 0)) {
        record('', tpl(`${edge.node.name}.`, ref(zone.address, 'dns_name')));
        continue;
      }
      const names = byEnv[envs[0]!] ?? [];
      if (envs.every((e) => sameNames(byEnv[e] ?? [], names))) {
        for (const domain of names)
          record(names.length > 1 ? recordSuffix(domain, zoneDomain) : '', `${domain}.`);
        continue;
      }
      // Names that differ between environments: one record for each of this environment's.
      const perEnv = ctx.variable({
        name: `${local}_names`,
        type: 'list(string)',
        description: `Names zone ${ctx.node.name} holds for ${edge.node.name} in this environment: the domains of its certificate in the zone.`,
        perEnv: byEnv,
      });
      ctx.resource('google_dns_record_set', local, {
        for_each: call('toset', perEnv),
        managed_zone: ref(zone.address, 'name'),
        name: tpl(ref('each.value'), '.'),
        type: 'A',
        ttl: ctx.prop('ttl'),
        rrdatas: [address],
      });
    }
    ctx.output(
      'name_servers',
      `Name servers of ${String(ctx.value('domain'))}`,
      ref(zone.address, 'name_servers'),
    );
  },
});

export const gcpCloudCdn = defineService({
  id: 'gcp.cloud-cdn',
  cloud: 'gcp',
  kind: 'cdn',
  name: 'Cloud CDN',
  category: 'networking',
  description:
    'Cloud CDN on a global external Application Load Balancer: a CDN-enabled backend bucket for a Cloud Storage origin, or a backend service over a serverless NEG or an internet NEG for the other origins.',
  icon: 'gcp-cloud-cdn',
  properties: [
    enumProp(
      'cacheMode',
      'Cache mode',
      ['CACHE_ALL_STATIC', 'USE_ORIGIN_HEADERS', 'FORCE_CACHE_ALL'],
      'CACHE_ALL_STATIC',
    ),
    numProp('defaultTtl', 'Default TTL (s)', 3600, 0, 31622400),
    DOMAINS,
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'cdn' },
  emits: {
    terraform: [
      'google_compute_global_forwarding_rule',
      'google_compute_global_address',
      'google_compute_backend_bucket',
      'google_compute_backend_service',
      'google_compute_global_network_endpoint_group',
      'google_compute_global_network_endpoint',
      'google_compute_url_map',
      'google_compute_target_http_proxy',
      ...FRONT_END_TYPES,
      'google_storage_bucket_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const origin = [...ctx.outgoing('traffic'), ...ctx.outgoing('data')][0]!;
    const kind = origin.node.service.kind;
    const cdnPolicy = block({
      cache_mode: ctx.prop('cacheMode'),
      default_ttl: ctx.prop('defaultTtl'),
      client_ttl: ctx.prop('defaultTtl'),
      max_ttl: 86400,
    });
    let service: TTfRef;
    if (kind === 'object-storage') {
      // Backend buckets read objects anonymously: the origin bucket must allow public reads.
      const bucket = primaryRef(ctx, origin.node, 'name');
      ctx.resource('google_storage_bucket_iam_member', `${local}_public_read`, {
        bucket,
        role: 'roles/storage.objectViewer',
        member: 'allUsers',
      });
      service = ctx.resource('google_compute_backend_bucket', local, {
        name: ctx.name('backend'),
        bucket_name: bucket,
        enable_cdn: true,
        compression_mode: 'AUTOMATIC',
        cdn_policy: cdnPolicy,
      });
    } else {
      let group = serverlessNeg(ctx, origin);
      let originPort = 80;
      if (!group) {
        // Any other origin is reached at its public address through an internet NEG.
        const address = addressOf(ctx, origin);
        if (address === undefined)
          throw new BuildError(
            `${ctx.node.name}: origin ${origin.node.name} has no public address`,
          );
        // An Application Load Balancer origin answers HTTP with a redirect: fetch over HTTPS.
        originPort = kind === 'load-balancer' ? 443 : 80;
        const neg = ctx.resource('google_compute_global_network_endpoint_group', local, {
          name: ctx.name('origin'),
          network_endpoint_type: 'INTERNET_IP_PORT',
          default_port: originPort,
        });
        ctx.resource('google_compute_global_network_endpoint', local, {
          global_network_endpoint_group: ref(neg.address, 'id'),
          ip_address: address,
          port: originPort,
        });
        group = ref(neg.address, 'id');
      }
      service = ctx.resource('google_compute_backend_service', local, {
        name: ctx.name('backend'),
        load_balancing_scheme: 'EXTERNAL_MANAGED',
        protocol: originPort === 443 ? 'HTTPS' : 'HTTP',
        enable_cdn: true,
        compression_mode: 'AUTOMATIC',
        cdn_policy: cdnPolicy,
        backend: block({ group }),
      });
    }
    const urlMap = ctx.resource('google_compute_url_map', local, {
      name: ctx.name(),
      default_service: ref(service.address, 'id'),
    });
    const address = httpsFrontEnd(ctx, ref(urlMap.address, 'id'), '80');
    ctx.output('ip_address', `IP address of ${ctx.node.name}`, ref(address.address, 'address'));
  },
});

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
        shared_secret: secret,
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
    ctx.resource('google_compute_firewall', `${local}_on_prem`, {
      name: ctx.name('onprem'),
      network: gcpNetworkRef(ctx),
      direction: 'INGRESS',
      source_ranges: [ctx.prop('onPremCidr')],
      allow: block({ protocol: 'all' }),
    });
    ctx.output(
      'gateway_ips',
      `Public IPs of the interfaces of ${ctx.node.name}`,
      [0, 1].map((i) => ref(gateway.address, `vpn_interfaces[${i}].ip_address`)),
    );
  },
});
