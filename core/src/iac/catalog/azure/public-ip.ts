import type { TArmBuildContext, TTfBuildContext } from '../service';
import { armLocation, placed } from './shared';

/** API version of the Microsoft.Network types the Azure builders emit. */
const NETWORK_API = '2025-05-01';

/**
 * The Standard, static public IP of a gateway, bastion or load balancer (`<name>-pip`), zonal
 * when `zones` are given. Basic public IPs are retired: Standard is the only SKU offered.
 */
export function tfPublicIp(ctx: TTfBuildContext, zones?: readonly string[]) {
  return ctx.resource('azurerm_public_ip', ctx.node.local, {
    name: ctx.name('pip'),
    ...placed(),
    sku: 'Standard',
    allocation_method: 'Static',
    ...(zones ? { zones: [...zones] } : {}),
    tags: ctx.tags(),
  });
}

/** The same in the ARM IR; returns the resource's symbol. */
export function armPublicIp(ctx: TArmBuildContext, zones?: readonly string[]): string {
  return ctx.resource({
    symbol: ctx.symbol(ctx.node, 'Pip'),
    type: 'Microsoft.Network/publicIPAddresses',
    apiVersion: NETWORK_API,
    name: ctx.name('pip'),
    body: {
      location: armLocation(),
      tags: ctx.tags(),
      sku: { name: 'Standard', tier: 'Regional' },
      ...(zones ? { zones: [...zones] } : {}),
      properties: { publicIPAllocationMethod: 'Static', publicIPAddressVersion: 'IPv4' },
    },
  });
}
