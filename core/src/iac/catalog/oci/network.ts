import { defineService, type TNode, type TTfBuildContext } from '../service';
import { holdsOnlyDataStores } from '../data-tier-group';
import { refuseUnservedTargets } from '../lb-targets';
import { boolProp, cidrProp, enumProp, listProp, numProp, strProp } from '../properties';
import { block, ref, type TTfBlock } from '../../ir/terraform-ir';
import { endpointNsgIds, HAS_TIER_LIST, tcp } from './client-rules';
import {
  compartment,
  dnsLabel,
  environmentDomain,
  hostIn,
  primary,
  subnetId,
  vcnCidr,
  vcnId,
} from './shared';

/**
 * OCI networking: VCN, subnets, network security groups, internet, NAT and service gateways, load
 * balancers, DNS, site-to-site VPN.
 */
const HTTPS_PORT = 443;

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
  emits: { terraform: ['oci_core_vcn', 'oci_core_security_list'] },
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

/** Route rule to the on-premises network of each site-to-site VPN in the network (via its DRG). */
function vpnRoutes(ctx: TTfBuildContext, network: TNode): { rules: TTfBlock[]; deps: string[] } {
  const vpns = ctx
    .nodes()
    .filter((n) => n.service.kind === 'vpn-gateway' && n.parent === network.id);
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

/** Backends of a load balancer: instances by private IP, container instances by VNIC IP. */
const backendAddress = (ctx: TTfBuildContext, target: TNode) =>
  target.service.kind === 'vm'
    ? ref(ctx.address(target, 'oci_core_instance'), 'private_ip')
    : target.service.kind === 'serverless-container'
      ? ref(
          ctx.address(target, 'oci_container_instances_container_instance'),
          'vnics[0].private_ip',
        )
      : undefined;

export const ociLoadBalancer = defineService({
  id: 'oci.load-balancer',
  cloud: 'oci',
  kind: 'load-balancer',
  name: 'Flexible load balancer',
  category: 'networking',
  description:
    'Layer-7 flexible-shape load balancer with its own NSG, an HTTPS listener (HTTP redirected) and a backend set with health checks.',
  icon: 'oci-load-balancer',
  properties: [
    boolProp('public', 'Public', true),
    numProp('listenerPort', 'HTTP port (redirects to HTTPS)', 80, 1, 65535),
    strProp(
      'certificateId',
      'TLS certificate OCID',
      '',
      'Certificate (OCI Certificates service) of the HTTPS listener. Empty: a required variable <component>_certificate_id.',
    ),
    numProp('minMbps', 'Minimum bandwidth (Mbps)', 10, 10, 8000),
    numProp('maxMbps', 'Maximum bandwidth (Mbps)', 100, 10, 8000),
    enumProp('policy', 'Policy', ['ROUND_ROBIN', 'LEAST_CONNECTIONS', 'IP_HASH'], 'ROUND_ROBIN'),
    strProp('healthPath', 'Health check path', '/'),
  ],
  placement: 'subnet',
  // Clients reach it on HTTPS (its HTTP port only redirects).
  port: HTTPS_PORT,
  naming: { rule: 'oci-display', abbreviation: 'lb' },
  emits: {
    terraform: [
      'oci_load_balancer_load_balancer',
      'oci_load_balancer_backend_set',
      'oci_load_balancer_listener',
      'oci_load_balancer_rule_set',
      'oci_load_balancer_backend',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const isPublic = ctx.value<boolean>('public');
    const listenerPort = ctx.value<number>('listenerPort');
    const lb = ctx.resource('oci_load_balancer_load_balancer', local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      shape: 'flexible',
      subnet_ids: ctx.subnets().map((s) => subnetId(ctx, s)),
      is_private: !isPublic,
      // Its HTTP port only redirects to HTTPS, for the same clients.
      network_security_group_ids: endpointNsgIds(
        ctx,
        listenerPort === HTTPS_PORT ? [tcp(HTTPS_PORT)] : [tcp(HTTPS_PORT), tcp(listenerPort)],
        isPublic,
      ),
      freeform_tags: ctx.tags(),
      shape_details: block({
        minimum_bandwidth_in_mbps: ctx.prop('minMbps'),
        maximum_bandwidth_in_mbps: ctx.prop('maxMbps'),
      }),
    });
    refuseUnservedTargets(
      ctx,
      ['vm', 'autoscaling-group', 'serverless-container'],
      'compute instances, instance pools and container instances',
    );
    const targets = ctx.outgoing('traffic');
    const port = targets[0] ? ctx.portOf(targets[0], targets[0].node) : 80;
    const set = ctx.resource('oci_load_balancer_backend_set', local, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'app',
      policy: ctx.prop('policy'),
      health_checker: block({
        protocol: 'HTTP',
        port,
        url_path: ctx.prop('healthPath'),
        return_code: 200,
      }),
    });
    // HTTPS (TLS 1.2+) serves; plain HTTP answers a 301 to HTTPS (policy oci-lb-https-only).
    // https://docs.oracle.com/iaas/Content/Balance/Tasks/managingrulesets_topic-URL_Redirect_Rules.htm
    ctx.resource('oci_load_balancer_listener', local, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'https',
      default_backend_set_name: ref(set.address, 'name'),
      port: HTTPS_PORT,
      protocol: 'HTTP',
      ssl_configuration: block({
        certificate_ids: [
          ctx.value('certificateId')
            ? ctx.prop('certificateId')
            : ctx.variable({
                name: `${local}_certificate_id`,
                type: 'string',
                description: `OCID of the certificate (OCI Certificates) for the HTTPS listener of ${ctx.node.name}.`,
              }),
        ],
        protocols: ['TLSv1.2', 'TLSv1.3'],
        verify_peer_certificate: false,
      }),
    });
    const redirect = ctx.resource('oci_load_balancer_rule_set', `${local}_https_redirect`, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'https_redirect',
      items: block({
        action: 'REDIRECT',
        response_code: 301,
        conditions: block({
          attribute_name: 'PATH',
          attribute_value: '/',
          operator: 'FORCE_LONGEST_PREFIX_MATCH',
        }),
        redirect_uri: block({ protocol: 'HTTPS', port: HTTPS_PORT }),
      }),
    });
    ctx.resource('oci_load_balancer_listener', `${local}_http`, {
      load_balancer_id: ref(lb.address, 'id'),
      name: 'http',
      default_backend_set_name: ref(set.address, 'name'),
      port: listenerPort,
      protocol: 'HTTP',
      rule_set_names: [ref(redirect.address, 'name')],
    });
    // Instance pools register themselves (load_balancers of oci_core_instance_pool).
    for (const t of targets) {
      const ip = backendAddress(ctx, t.node);
      if (!ip) continue;
      ctx.resource('oci_load_balancer_backend', `${local}_${t.node.local}`, {
        load_balancer_id: ref(lb.address, 'id'),
        backendset_name: ref(set.address, 'name'),
        ip_address: ip,
        port: ctx.portOf(t, t.node),
      });
    }
    ctx.output(
      'ip_address',
      `Address of ${ctx.node.name}`,
      ref(lb.address, 'ip_address_details[0].ip_address'),
    );
  },
});

export const ociNetworkLoadBalancer = defineService({
  id: 'oci.network-load-balancer',
  cloud: 'oci',
  kind: 'network-load-balancer',
  name: 'Network load balancer',
  category: 'networking',
  description:
    'Layer-4 network load balancer with its own NSG, a TCP listener and a five-tuple backend set.',
  icon: 'oci-network-load-balancer',
  properties: [
    boolProp('public', 'Public', false),
    numProp('listenerPort', 'Listener port', 443, 1, 65535),
    enumProp('policy', 'Policy', ['FIVE_TUPLE', 'THREE_TUPLE', 'TWO_TUPLE'], 'FIVE_TUPLE'),
    boolProp('preserveSource', 'Preserve client IP', false),
  ],
  placement: 'subnet',
  port: 443,
  naming: { rule: 'oci-display', abbreviation: 'nlb' },
  emits: {
    terraform: [
      'oci_network_load_balancer_network_load_balancer',
      'oci_network_load_balancer_backend_set',
      'oci_network_load_balancer_listener',
      'oci_network_load_balancer_backend',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const isPublic = ctx.value<boolean>('public');
    const listenerPort = ctx.value<number>('listenerPort');
    const nlb = ctx.resource('oci_network_load_balancer_network_load_balancer', local, {
      compartment_id: compartment(),
      display_name: ctx.name(),
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      is_private: !isPublic,
      is_preserve_source_destination: false,
      network_security_group_ids: endpointNsgIds(ctx, [tcp(listenerPort)], isPublic),
      freeform_tags: ctx.tags(),
    });
    refuseUnservedTargets(
      ctx,
      ['vm', 'autoscaling-group', 'serverless-container'],
      'compute instances, instance pools and container instances',
    );
    const targets = ctx.outgoing('traffic');
    const port = targets[0] ? ctx.portOf(targets[0], targets[0].node) : listenerPort;
    const set = ctx.resource('oci_network_load_balancer_backend_set', local, {
      network_load_balancer_id: ref(nlb.address, 'id'),
      name: 'app',
      policy: ctx.prop('policy'),
      is_preserve_source: ctx.prop('preserveSource'),
      health_checker: block({ protocol: 'TCP', port }),
    });
    ctx.resource('oci_network_load_balancer_listener', local, {
      network_load_balancer_id: ref(nlb.address, 'id'),
      name: 'tcp',
      default_backend_set_name: ref(set.address, 'name'),
      port: listenerPort,
      protocol: 'TCP',
    });
    for (const t of targets) {
      const isVm = t.node.service.kind === 'vm';
      const ip = backendAddress(ctx, t.node);
      if (!ip) continue;
      ctx.resource('oci_network_load_balancer_backend', `${local}_${t.node.local}`, {
        network_load_balancer_id: ref(nlb.address, 'id'),
        backend_set_name: ref(set.address, 'name'),
        port: ctx.portOf(t, t.node),
        ...(isVm
          ? { target_id: ref(ctx.address(t.node, 'oci_core_instance'), 'id') }
          : { ip_address: ip }),
      });
    }
    ctx.output(
      'ip_address',
      `Address of ${ctx.node.name}`,
      ref(nlb.address, 'ip_addresses[0].ip_address'),
    );
  },
});

export const ociDnsZone = defineService({
  id: 'oci.dns-zone',
  cloud: 'oci',
  kind: 'dns-zone',
  name: 'DNS zone',
  category: 'networking',
  description: 'Public primary zone with A records for the load balancers it points to.',
  icon: 'oci-dns',
  properties: [
    strProp('domain', 'Domain name', 'example.com'),
    numProp('ttl', 'TTL (s)', 300, 30, 86400),
  ],
  placement: 'none',
  naming: { rule: 'oci-display', abbreviation: 'dns' },
  emits: { terraform: ['oci_dns_zone', 'oci_dns_rrset'] },
  terraform: (ctx) => {
    // A global zone's name is unique in the realm: each environment has a zone of its own.
    const domain = environmentDomain(ctx, 'domain', 'a DNS zone name is unique in the realm');
    const zone = ctx.resource('oci_dns_zone', ctx.node.local, {
      compartment_id: compartment(),
      name: domain,
      zone_type: 'PRIMARY',
      scope: 'GLOBAL',
      freeform_tags: ctx.tags(),
    });
    for (const t of ctx.outgoing('traffic')) {
      const kind = t.node.service.kind;
      const address =
        kind === 'load-balancer'
          ? primary(ctx, t.node, 'ip_address_details[0].ip_address')
          : kind === 'network-load-balancer'
            ? primary(ctx, t.node, 'ip_addresses[0].ip_address')
            : undefined;
      const host = kind === 'api-gateway' ? primary(ctx, t.node, 'hostname') : undefined;
      if (!address && !host) continue;
      const name = hostIn(t.node.name, domain);
      const rtype = address ? 'A' : 'CNAME';
      ctx.resource('oci_dns_rrset', `${ctx.node.local}_${t.node.local}`, {
        zone_name_or_id: ref(zone.address, 'id'),
        domain: name,
        rtype,
        items: block({ domain: name, rtype, rdata: (address ?? host)!, ttl: ctx.prop('ttl') }),
      });
    }
    ctx.output(
      'nameservers',
      `Name servers of zone ${ctx.node.name} (${typeof domain === 'string' ? domain : `variable ${ctx.node.local}_domain`})`,
      ref(zone.address, 'nameservers'),
    );
  },
});

export const ociVpn = defineService({
  id: 'oci.site-to-site-vpn',
  cloud: 'oci',
  kind: 'vpn-gateway',
  name: 'Site-to-Site VPN',
  category: 'networking',
  description:
    'Dynamic routing gateway attached to the VCN, customer-premises equipment and an IPSec connection with static routes; the subnets route the on-premises CIDR to the DRG.',
  icon: 'oci-vpn',
  properties: [
    strProp('customerIp', 'On-premises public IP', '203.0.113.10'),
    cidrProp('onPremCidr', 'On-premises CIDR', '192.168.0.0/16'),
  ],
  placement: 'network',
  naming: { rule: 'oci-display', abbreviation: 'vpn' },
  emits: {
    terraform: ['oci_core_ipsec', 'oci_core_drg', 'oci_core_drg_attachment', 'oci_core_cpe'],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const drg = ctx.resource('oci_core_drg', local, {
      compartment_id: compartment(),
      display_name: ctx.name('drg'),
      freeform_tags: ctx.tags(),
    });
    ctx.resource('oci_core_drg_attachment', local, {
      drg_id: ref(drg.address, 'id'),
      display_name: ctx.name('drga'),
      freeform_tags: ctx.tags(),
      network_details: block({ id: vcnId(ctx), type: 'VCN' }),
    });
    const cpe = ctx.resource('oci_core_cpe', local, {
      compartment_id: compartment(),
      display_name: ctx.name('cpe'),
      ip_address: ctx.prop('customerIp'),
      freeform_tags: ctx.tags(),
    });
    const ipsec = ctx.resource('oci_core_ipsec', local, {
      compartment_id: compartment(),
      cpe_id: ref(cpe.address, 'id'),
      drg_id: ref(drg.address, 'id'),
      display_name: ctx.name(),
      static_routes: [ctx.prop('onPremCidr')],
      freeform_tags: ctx.tags(),
    });
    ctx.output('ipsec_id', `OCID of IPSec connection ${ctx.node.name}`, ref(ipsec.address, 'id'));
  },
});
