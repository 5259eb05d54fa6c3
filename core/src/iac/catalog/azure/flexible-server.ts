import type { TArmBuildContext, TTfBuildContext } from '../service';
import { aref, atpl, isArmExpr, type TArmValue } from '../../ir/arm-ir';
import { ref, tpl } from '../../ir/terraform-ir';
import { rgName } from './shared';

/**
 * What PostgreSQL and MySQL flexible servers share: a private DNS zone linked to the network
 * (they are reached by private address only) and an admin password kept out of the code.
 */
const DNS_API = '2024-06-01';

export const FLEXIBLE_SERVER_DNS_TF = [
  'azurerm_private_dns_zone',
  'azurerm_private_dns_zone_virtual_network_link',
] as const;

export const FLEXIBLE_SERVER_DNS_ARM = [
  { type: 'Microsoft.Network/privateDnsZones', apiVersion: DNS_API },
  { type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks', apiVersion: DNS_API },
] as const;

export function zoneName(name: TArmValue, suffix: string): TArmValue {
  if (typeof name === 'string') return `${name}${suffix}`;
  if (isArmExpr(name) && name.$ === 'atpl') return atpl(...name.parts, suffix);
  return name;
}

export function tfFlexibleServerDns(ctx: TTfBuildContext, zoneSuffix: string) {
  const local = ctx.node.local;
  const zone = ctx.resource('azurerm_private_dns_zone', local, {
    name: tpl(ctx.name(), zoneSuffix),
    resource_group_name: rgName(),
    tags: ctx.tags(),
  });
  const link = ctx.resource('azurerm_private_dns_zone_virtual_network_link', local, {
    name: ctx.name('link'),
    resource_group_name: rgName(),
    private_dns_zone_name: ref(zone.address, 'name'),
    virtual_network_id: ref(ctx.address(ctx.network()!, 'azurerm_virtual_network'), 'id'),
    registration_enabled: false,
    tags: ctx.tags(),
  });
  return { zone, link };
}

export function tfAdminPassword(ctx: TTfBuildContext) {
  const local = ctx.node.local;
  return ctx.variable({
    name: `${local}_admin_password`,
    type: 'string',
    description: `Admin password of ${ctx.node.name} (set TF_VAR_${local}_admin_password).`,
    sensitive: true,
  });
}

export function armFlexibleServerDns(ctx: TArmBuildContext, zoneSuffix: string) {
  const base = ctx.symbol(ctx.node);
  const zone = ctx.resource({
    symbol: `${base}Dns`,
    type: 'Microsoft.Network/privateDnsZones',
    apiVersion: DNS_API,
    name: zoneName(ctx.name(), zoneSuffix),
    body: { location: 'global', tags: ctx.tags() },
  });
  const link = ctx.resource({
    symbol: `${base}DnsLink`,
    type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
    apiVersion: DNS_API,
    parent: zone,
    name: ctx.name('link'),
    body: {
      location: 'global',
      tags: ctx.tags(),
      properties: {
        registrationEnabled: false,
        virtualNetwork: { id: aref(ctx.symbol(ctx.network()!), 'id') },
      },
    },
  });
  return { zone, link };
}

export function armAdminPassword(ctx: TArmBuildContext) {
  return ctx.parameter({
    name: `${ctx.symbol(ctx.node)}AdminPassword`,
    type: 'string',
    secure: true,
    description: `Admin password of ${ctx.node.name}.`,
    envVar: `${ctx.node.local.toUpperCase()}_ADMIN_PASSWORD`,
  });
}
