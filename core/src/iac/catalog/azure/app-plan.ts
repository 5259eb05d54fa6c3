import type { TArmBuildContext, TTfBuildContext } from '../service';
import { armLocation, placed } from './shared';

/** API version of Microsoft.Web/serverfarms (App Service and Functions plans). */
const WEB_API = '2024-11-01';

/** The Linux App Service plan (`<name>-asp`) of a web or function app, from its `sku` property. */
export function tfLinuxPlan(ctx: TTfBuildContext) {
  return ctx.resource('azurerm_service_plan', ctx.node.local, {
    name: ctx.name('asp'),
    ...placed(),
    os_type: 'Linux',
    sku_name: ctx.prop('sku'),
    tags: ctx.tags(),
  });
}

/**
 * The same in the ARM IR: ARM also wants the SKU's tier, looked up in `tiers` (`fallback` for a
 * SKU the table lacks). Returns the plan's symbol.
 */
export function armLinuxPlan(
  ctx: TArmBuildContext,
  tiers: Readonly<Record<string, string>>,
  fallback: string,
  tierAs?: string,
): string {
  return ctx.resource({
    symbol: ctx.symbol(ctx.node, 'Plan'),
    type: 'Microsoft.Web/serverfarms',
    apiVersion: WEB_API,
    name: ctx.name('asp'),
    body: {
      location: armLocation(),
      tags: ctx.tags(),
      sku: {
        name: ctx.prop('sku'),
        tier: ctx.prop('sku', (v) => tiers[String(v)] ?? fallback, tierAs),
      },
      kind: 'linux',
      properties: { reserved: true },
    },
  });
}
