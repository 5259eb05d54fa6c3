import { defineService, type TArmBuildContext, type TNode, type TTfBuildContext } from '../service';
import { cidrProp, enumProp, numProp, strProp } from '../properties';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { block, ref, type TTfValue } from '../../ir/terraform-ir';
import { armLocation, placed, rgName, tfSubnetId } from './shared';
import { armPublicIp, tfPublicIp } from './public-ip';
import { frontDoorSku, isPrivateLinkOrigin } from './front-door-access';

/** Azure edge networking: NAT gateway, public DNS, Front Door, site-to-site VPN. */
const NETWORK_API = '2025-05-01';
const CDN_API = '2024-09-01';
const DNS_API = '2018-05-01';

/** Subnets served by a NAT gateway: those with a traffic connection to it (their outbound path). */
export function natSubnets(ctx: TTfBuildContext | TArmBuildContext): TNode[] {
  return ctx
    .incoming('traffic')
    .map((e) => e.node)
    .filter((n) => n.service.kind === 'subnet');
}

export const azureNatGateway = defineService({
  id: 'azure.nat-gateway',
  cloud: 'azure',
  kind: 'nat-gateway',
  name: 'NAT gateway',
  category: 'networking',
  description:
    'Outbound internet for the subnets connected to it (traffic connection from a subnet) through a Standard static public IP.',
  icon: 'azure-nat-gateway',
  properties: [numProp('idleTimeout', 'TCP idle timeout (minutes)', 4, 4, 120)],
  placement: 'network',
  naming: { rule: 'azure-generic', abbreviation: 'ng' },
  emits: {
    terraform: [
      'azurerm_public_ip',
      'azurerm_nat_gateway',
      'azurerm_nat_gateway_public_ip_association',
      'azurerm_subnet_nat_gateway_association',
    ],
    arm: [
      { type: 'Microsoft.Network/publicIPAddresses', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/natGateways', apiVersion: NETWORK_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const pip = tfPublicIp(ctx);
    const nat = ctx.resource('azurerm_nat_gateway', local, {
      name: ctx.name(),
      ...placed(),
      sku_name: 'Standard',
      idle_timeout_in_minutes: ctx.prop('idleTimeout'),
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_nat_gateway_public_ip_association', local, {
      nat_gateway_id: ref(nat.address, 'id'),
      public_ip_address_id: ref(pip.address, 'id'),
    });
    for (const subnet of natSubnets(ctx)) {
      ctx.resource('azurerm_subnet_nat_gateway_association', `${local}_${subnet.local}`, {
        subnet_id: tfSubnetId(ctx, subnet),
        nat_gateway_id: ref(nat.address, 'id'),
      });
    }
    ctx.output('public_ip', `Outbound IP of ${ctx.node.name}`, ref(pip.address, 'ip_address'));
  },
  arm: (ctx) => {
    const pip = armPublicIp(ctx);
    // The subnets reference the NAT gateway in their own `natGateway` property (azure.subnet).
    ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/natGateways',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: 'Standard' },
        properties: {
          idleTimeoutInMinutes: ctx.prop('idleTimeout'),
          publicIpAddresses: [{ id: aref(pip, 'id') }],
        },
      },
    });
    ctx.output('publicIp', `Outbound IP of ${ctx.node.name}`, aref(pip, 'properties.ipAddress'));
  },
});

/** Front Door origins: kind -> Terraform type and host attribute, ARM host expression. */
const ORIGINS: Readonly<
  Record<string, { tf: string; attr: string; arm: (symbol: string) => TArmValue }>
> = {
  'serverless-container': {
    tf: 'azurerm_container_app',
    attr: 'ingress[0].fqdn',
    arm: (s) => aref(s, 'properties.configuration.ingress.fqdn'),
  },
  function: {
    tf: 'azurerm_linux_function_app',
    attr: 'default_hostname',
    arm: (s) => aref(s, 'properties.defaultHostName'),
  },
  'web-app': {
    tf: 'azurerm_linux_web_app',
    attr: 'default_hostname',
    arm: (s) => aref(s, 'properties.defaultHostName'),
  },
};

function originsOf(ctx: TTfBuildContext | TArmBuildContext): TNode[] {
  return [...ctx.outgoing('traffic'), ...ctx.outgoing('data')]
    .map((e) => e.node)
    .filter((n) => ORIGINS[n.service.kind] !== undefined);
}

export const azureFrontDoor = defineService({
  id: 'azure.front-door',
  cloud: 'azure',
  kind: 'cdn',
  name: 'Front Door (Standard)',
  category: 'networking',
  description:
    'Azure Front Door profile with an endpoint, an origin group (HTTPS health probe) and one origin per connected container app, function app or App Service web app (equivalent backends), routed over HTTPS. An origin only Front Door calls accepts no other traffic: web and function apps admit this profile alone (service tag and X-Azure-FDID header); a container app closes its environment to the internet and is reached over Private Link, which needs the Premium tier (Standard otherwise) and an approval of the connection after the first deployment.',
  icon: 'azure-front-door',
  properties: [
    strProp('probePath', 'Health probe path', '/'),
    numProp('probeInterval', 'Health probe interval (s)', 100, 5, 31536000),
  ],
  placement: 'none',
  naming: { rule: 'azure-afd-endpoint', abbreviation: 'afd' },
  emits: {
    terraform: [
      'azurerm_cdn_frontdoor_profile',
      'azurerm_cdn_frontdoor_endpoint',
      'azurerm_cdn_frontdoor_origin_group',
      'azurerm_cdn_frontdoor_origin',
      'azurerm_cdn_frontdoor_route',
    ],
    arm: [
      { type: 'Microsoft.Cdn/profiles', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/afdEndpoints', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/originGroups', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/originGroups/origins', apiVersion: CDN_API },
      { type: 'Microsoft.Cdn/profiles/afdEndpoints/routes', apiVersion: CDN_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const profile = ctx.resource('azurerm_cdn_frontdoor_profile', local, {
      name: ctx.name('afdp'),
      resource_group_name: rgName(),
      sku_name: frontDoorSku(ctx, ctx.node),
      tags: ctx.tags(),
    });
    const endpoint = ctx.resource('azurerm_cdn_frontdoor_endpoint', local, {
      name: ctx.name(),
      cdn_frontdoor_profile_id: ref(profile.address, 'id'),
      tags: ctx.tags(),
    });
    const group = ctx.resource('azurerm_cdn_frontdoor_origin_group', local, {
      name: 'default',
      cdn_frontdoor_profile_id: ref(profile.address, 'id'),
      session_affinity_enabled: false,
      load_balancing: block({
        sample_size: 4,
        successful_samples_required: 3,
        additional_latency_in_milliseconds: 50,
      }),
      health_probe: block({
        protocol: 'Https',
        request_type: 'HEAD',
        path: ctx.prop('probePath'),
        interval_in_seconds: ctx.prop('probeInterval'),
      }),
    });
    const origins: TTfValue[] = originsOf(ctx).map((node) => {
      const o = ORIGINS[node.service.kind]!;
      const host = ref(ctx.address(node, o.tf), o.attr);
      const origin = ctx.resource('azurerm_cdn_frontdoor_origin', `${local}_${node.local}`, {
        name: node.local.replace(/_/g, '-'),
        cdn_frontdoor_origin_group_id: ref(group.address, 'id'),
        enabled: true,
        host_name: host,
        origin_host_header: host,
        http_port: 80,
        https_port: 443,
        priority: 1,
        weight: 1000,
        certificate_name_check_enabled: true,
        ...(isPrivateLinkOrigin(ctx, node)
          ? {
              private_link: block({
                request_message: `Front Door ${ctx.node.name}`,
                target_type: 'managedEnvironments',
                location: ref(ctx.address(node, 'azurerm_container_app_environment'), 'location'),
                private_link_target_id: ref(
                  ctx.address(node, 'azurerm_container_app_environment'),
                  'id',
                ),
              }),
            }
          : {}),
      });
      return ref(origin.address, 'id');
    });
    ctx.resource('azurerm_cdn_frontdoor_route', local, {
      name: 'default',
      cdn_frontdoor_endpoint_id: ref(endpoint.address, 'id'),
      cdn_frontdoor_origin_group_id: ref(group.address, 'id'),
      cdn_frontdoor_origin_ids: origins,
      enabled: true,
      supported_protocols: ['Http', 'Https'],
      patterns_to_match: ['/*'],
      forwarding_protocol: 'HttpsOnly',
      https_redirect_enabled: true,
      link_to_default_domain: true,
    });
    ctx.output('host_name', `Host name of ${ctx.node.name}`, ref(endpoint.address, 'host_name'));
  },
  arm: (ctx) => {
    const profile = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Profile'),
      type: 'Microsoft.Cdn/profiles',
      apiVersion: CDN_API,
      name: ctx.name('afdp'),
      body: {
        location: 'global',
        tags: ctx.tags(),
        sku: { name: frontDoorSku(ctx, ctx.node) },
        properties: { originResponseTimeoutSeconds: 60 },
      },
    });
    const endpoint = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Cdn/profiles/afdEndpoints',
      apiVersion: CDN_API,
      parent: profile,
      name: ctx.name(),
      body: { location: 'global', tags: ctx.tags(), properties: { enabledState: 'Enabled' } },
    });
    const group = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'OriginGroup'),
      type: 'Microsoft.Cdn/profiles/originGroups',
      apiVersion: CDN_API,
      parent: profile,
      name: 'default',
      body: {
        properties: {
          sessionAffinityState: 'Disabled',
          loadBalancingSettings: {
            sampleSize: 4,
            successfulSamplesRequired: 3,
            additionalLatencyInMilliseconds: 50,
          },
          healthProbeSettings: {
            probeProtocol: 'Https',
            probeRequestType: 'HEAD',
            probePath: ctx.prop('probePath'),
            probeIntervalInSeconds: ctx.prop('probeInterval'),
          },
        },
      },
    });
    const origins = originsOf(ctx).map((node) => {
      const target = ctx.symbol(node);
      const host = ORIGINS[node.service.kind]!.arm(target);
      return ctx.resource({
        symbol: ctx.symbol(ctx.node, `Origin${target.charAt(0).toUpperCase()}${target.slice(1)}`),
        type: 'Microsoft.Cdn/profiles/originGroups/origins',
        apiVersion: CDN_API,
        parent: group,
        name: node.local.replace(/_/g, '-'),
        body: {
          properties: {
            hostName: host,
            originHostHeader: host,
            httpPort: 80,
            httpsPort: 443,
            priority: 1,
            weight: 1000,
            enabledState: 'Enabled',
            enforceCertificateNameCheck: true,
            ...(isPrivateLinkOrigin(ctx, node)
              ? {
                  sharedPrivateLinkResource: {
                    privateLink: { id: aref(ctx.symbol(node, 'Env'), 'id') },
                    groupId: 'managedEnvironments',
                    privateLinkLocation: armLocation(),
                    requestMessage: `Front Door ${ctx.node.name}`,
                  },
                }
              : {}),
          },
        },
      });
    });
    // A route needs its origin group to hold its origins first.
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Route'),
      type: 'Microsoft.Cdn/profiles/afdEndpoints/routes',
      apiVersion: CDN_API,
      parent: endpoint,
      name: 'default',
      ...(origins.length ? { dependsOn: origins } : {}),
      body: {
        properties: {
          originGroup: { id: aref(group, 'id') },
          supportedProtocols: ['Http', 'Https'],
          patternsToMatch: ['/*'],
          forwardingProtocol: 'HttpsOnly',
          httpsRedirect: 'Enabled',
          linkToDefaultDomain: 'Enabled',
          enabledState: 'Enabled',
        },
      },
    });
    ctx.output('hostName', `Host name of ${ctx.node.name}`, aref(endpoint, 'properties.hostName'));
  },
});

/** Zone-redundant VPN gateway SKUs and the gateway generation each supports. */
const VPN_SKUS: Readonly<Record<string, string>> = {
  VpnGw1AZ: 'Generation1',
  VpnGw2AZ: 'Generation2',
  VpnGw3AZ: 'Generation2',
};
const ZONES = ['1', '2', '3'];

export const azureVpnGateway = defineService({
  id: 'azure.vpn-gateway',
  cloud: 'azure',
  kind: 'vpn-gateway',
  name: 'VPN gateway (site-to-site)',
  category: 'networking',
  description:
    'Route-based, zone-redundant VPN gateway in a GatewaySubnet of the VNet, a local network gateway for the on-premises site and an IPsec (IKEv2) connection with a shared key.',
  icon: 'azure-vpn-gateway',
  properties: [
    enumProp('sku', 'Gateway SKU', Object.keys(VPN_SKUS), 'VpnGw1AZ'),
    cidrProp('gatewaySubnetCidr', 'GatewaySubnet prefix (/27 or larger)', '10.0.255.0/27'),
    strProp('onPremAddress', 'On-premises public IP', '203.0.113.10'),
    cidrProp('onPremCidr', 'On-premises CIDR', '192.168.0.0/16'),
  ],
  placement: 'network',
  naming: { rule: 'azure-generic', abbreviation: 'vgw' },
  emits: {
    terraform: [
      'azurerm_subnet',
      'azurerm_public_ip',
      'azurerm_virtual_network_gateway',
      'azurerm_local_network_gateway',
      'azurerm_virtual_network_gateway_connection',
    ],
    arm: [
      { type: 'Microsoft.Network/virtualNetworks/subnets', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/publicIPAddresses', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/virtualNetworkGateways', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/localNetworkGateways', apiVersion: NETWORK_API },
      { type: 'Microsoft.Network/connections', apiVersion: NETWORK_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const network = ctx.network()!;
    const subnet = ctx.resource('azurerm_subnet', `${local}_gateway`, {
      name: 'GatewaySubnet',
      resource_group_name: rgName(),
      virtual_network_name: ref(ctx.address(network, 'azurerm_virtual_network'), 'name'),
      address_prefixes: [ctx.prop('gatewaySubnetCidr')],
    });
    const pip = tfPublicIp(ctx, ZONES);
    const gateway = ctx.resource('azurerm_virtual_network_gateway', local, {
      name: ctx.name(),
      ...placed(),
      type: 'Vpn',
      vpn_type: 'RouteBased',
      sku: ctx.prop('sku'),
      generation: ctx.prop('sku', (v) => VPN_SKUS[String(v)] ?? 'Generation1', 'generation'),
      active_active: false,
      tags: ctx.tags(),
      ip_configuration: block({
        name: 'default',
        public_ip_address_id: ref(pip.address, 'id'),
        private_ip_address_allocation: 'Dynamic',
        subnet_id: ref(subnet.address, 'id'),
      }),
    });
    const site = ctx.resource('azurerm_local_network_gateway', local, {
      name: ctx.name('lgw'),
      ...placed(),
      gateway_address: ctx.prop('onPremAddress'),
      address_space: [ctx.prop('onPremCidr')],
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_virtual_network_gateway_connection', local, {
      name: ctx.name('con'),
      ...placed(),
      type: 'IPsec',
      connection_protocol: 'IKEv2',
      virtual_network_gateway_id: ref(gateway.address, 'id'),
      local_network_gateway_id: ref(site.address, 'id'),
      shared_key: ctx.variable({
        name: `${local}_shared_key`,
        type: 'string',
        description: `IPsec shared key of ${ctx.node.name} (set TF_VAR_${local}_shared_key).`,
        sensitive: true,
      }),
      tags: ctx.tags(),
    });
    ctx.output(
      'public_ip',
      `Public IP of VPN gateway ${ctx.node.name}`,
      ref(pip.address, 'ip_address'),
    );
  },
  arm: (ctx) => {
    const network = ctx.network()!;
    // Subnets of one VNet are deployed one after another: the GatewaySubnet comes last.
    const siblings = ctx.children(network).filter((n) => n.service.kind === 'subnet');
    const last = siblings[siblings.length - 1];
    const subnet = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'GatewaySubnet'),
      type: 'Microsoft.Network/virtualNetworks/subnets',
      apiVersion: NETWORK_API,
      parent: ctx.symbol(network),
      name: 'GatewaySubnet',
      ...(last ? { dependsOn: [ctx.symbol(last)] } : {}),
      body: { properties: { addressPrefix: ctx.prop('gatewaySubnetCidr') } },
    });
    const pip = armPublicIp(ctx, ZONES);
    const gateway = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/virtualNetworkGateways',
      apiVersion: NETWORK_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          gatewayType: 'Vpn',
          vpnType: 'RouteBased',
          vpnGatewayGeneration: ctx.prop(
            'sku',
            (v) => VPN_SKUS[String(v)] ?? 'Generation1',
            'generation',
          ),
          sku: { name: ctx.prop('sku'), tier: ctx.prop('sku') },
          activeActive: false,
          enableBgp: false,
          ipConfigurations: [
            {
              name: 'default',
              properties: {
                privateIPAllocationMethod: 'Dynamic',
                subnet: { id: aref(subnet, 'id') },
                publicIPAddress: { id: aref(pip, 'id') },
              },
            },
          ],
        },
      },
    });
    const site = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Site'),
      type: 'Microsoft.Network/localNetworkGateways',
      apiVersion: NETWORK_API,
      name: ctx.name('lgw'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          gatewayIpAddress: ctx.prop('onPremAddress'),
          localNetworkAddressSpace: { addressPrefixes: [ctx.prop('onPremCidr')] },
        },
      },
    });
    const key = ctx.parameter({
      name: `${ctx.symbol(ctx.node)}SharedKey`,
      type: 'string',
      secure: true,
      description: `IPsec shared key of ${ctx.node.name}.`,
      envVar: `${ctx.node.local.toUpperCase()}_SHARED_KEY`,
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Connection'),
      type: 'Microsoft.Network/connections',
      apiVersion: NETWORK_API,
      name: ctx.name('con'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          connectionType: 'IPsec',
          connectionProtocol: 'IKEv2',
          virtualNetworkGateway1: { id: aref(gateway, 'id'), properties: {} },
          localNetworkGateway2: { id: aref(site, 'id'), properties: {} },
          sharedKey: key,
        },
      },
    });
    ctx.output(
      'publicIp',
      `Public IP of VPN gateway ${ctx.node.name}`,
      aref(pip, 'properties.ipAddress'),
    );
  },
});

/**
 * Kinds whose Standard public IP (Terraform `azurerm_public_ip.<local>`, Bicep `<symbol>Pip`) a
 * DNS zone can point an alias A record at; a load balancer only when it is internet-facing.
 */
const PUBLIC_IP_KINDS = ['nat-gateway', 'vpn-gateway', 'load-balancer', 'network-load-balancer'];

function aliasTargets(ctx: TTfBuildContext | TArmBuildContext): TNode[] {
  return ctx
    .outgoing('traffic')
    .map((e) => e.node)
    .filter(
      (n) =>
        PUBLIC_IP_KINDS.includes(n.service.kind) &&
        (n.service.kind !== 'network-load-balancer' || n.properties['public'] === true),
    );
}

export const azureDnsZone = defineService({
  id: 'azure.dns-zone',
  cloud: 'azure',
  kind: 'dns-zone',
  name: 'DNS zone',
  category: 'networking',
  description:
    'Public Azure DNS zone; an alias A record (named after the target) for the public IP of each NAT gateway, VPN gateway, Application Gateway or public load balancer it points to, so the address follows the resource.',
  icon: 'azure-dns',
  properties: [
    strProp('domain', 'Domain name', 'example.com'),
    numProp('ttl', 'Record TTL (s)', 300, 1, 2147483647),
  ],
  placement: 'none',
  naming: { rule: 'azure-generic', abbreviation: 'dns' },
  emits: {
    terraform: ['azurerm_dns_zone', 'azurerm_dns_a_record'],
    arm: [
      { type: 'Microsoft.Network/dnsZones', apiVersion: DNS_API },
      { type: 'Microsoft.Network/dnsZones/A', apiVersion: DNS_API },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const zone = ctx.resource('azurerm_dns_zone', local, {
      name: ctx.prop('domain'),
      resource_group_name: rgName(),
      tags: ctx.tags(),
    });
    for (const target of aliasTargets(ctx)) {
      ctx.resource('azurerm_dns_a_record', `${local}_${target.local}`, {
        name: target.name,
        zone_name: ref(zone.address, 'name'),
        resource_group_name: rgName(),
        ttl: ctx.prop('ttl'),
        target_resource_id: ref(ctx.address(target, 'azurerm_public_ip'), 'id'),
        tags: ctx.tags(),
      });
    }
    ctx.output(
      'name_servers',
      `Name servers of ${ctx.node.name}`,
      ref(zone.address, 'name_servers'),
    );
  },
  arm: (ctx) => {
    const zone = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Network/dnsZones',
      apiVersion: DNS_API,
      name: ctx.prop('domain'),
      body: { location: 'global', tags: ctx.tags(), properties: { zoneType: 'Public' } },
    });
    for (const target of aliasTargets(ctx)) {
      ctx.resource({
        symbol: ctx.symbol(
          ctx.node,
          `A${ctx.symbol(target).charAt(0).toUpperCase()}${ctx.symbol(target).slice(1)}`,
        ),
        type: 'Microsoft.Network/dnsZones/A',
        apiVersion: DNS_API,
        parent: zone,
        name: target.name,
        body: {
          properties: {
            TTL: ctx.prop('ttl'),
            targetResource: { id: aref(ctx.symbol(target, 'Pip'), 'id') },
          },
        },
      });
    }
    ctx.output(
      'id',
      `Id of DNS zone ${ctx.node.name} (name servers: properties.nameServers)`,
      aref(zone, 'id'),
    );
  },
});
