import { defineService, type TArmBuildContext, type TNode, type TTfBuildContext } from '../service';
import { numProp, strProp } from '../properties';
import { aref, type TArmValue } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { rgName } from './shared';
import {
  domainsByEnvironment,
  environmentDomain,
  PUBLIC_ZONE_WHY,
  refuseSharedDomain,
  ZONE_DOMAIN_HINT,
} from '../environment-domain';

/** Azure public DNS zones with alias A records. */
const DNS_API = '2018-05-01';
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

/** The zone's domain in this environment in ARM/Bicep: as environmentDomain, a parameter. */
function armZoneDomain(ctx: TArmBuildContext): TArmValue {
  const envs = ctx.environments;
  const { values, isGiven } = domainsByEnvironment(ctx.node, 'domain', envs);
  if (isGiven) {
    refuseSharedDomain(ctx.node, 'domain', values, envs, PUBLIC_ZONE_WHY);
    return ctx.prop('domain');
  }
  if (envs.length <= 1) return values[envs[0]!] ?? ctx.value('domain');
  const production = envs[envs.length - 1]!;
  return ctx.parameter({
    name: `${ctx.symbol(ctx.node)}Domain`,
    type: 'string',
    description: `${ctx.node.service.name} ${ctx.node.name}: domain in this environment: ${values[production]} in ${production}, with the environment's name added in the others, as ${PUBLIC_ZONE_WHY}.`,
    default: values[production],
    perEnv: values,
  });
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
    strProp('domain', 'Domain name', 'example.com', ZONE_DOMAIN_HINT),
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
    // One zone of a name can be delegated to: each environment has a domain of its own (the
    // last one the domain, the others `<env>.<domain>`), as on AWS and OCI.
    const zone = ctx.resource('azurerm_dns_zone', local, {
      name: environmentDomain(ctx, 'domain', PUBLIC_ZONE_WHY),
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
      name: armZoneDomain(ctx),
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
