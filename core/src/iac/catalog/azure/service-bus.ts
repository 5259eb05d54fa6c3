import type { TArmBuildContext, TTfBuildContext } from '../service';
import { aref } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/**
 * The Service Bus namespace a queue or a topic lives in (one per component), and its endpoint.
 * Microsoft Entra ID only: shared access keys (SAS) are off.
 */
export const SERVICEBUS_API = '2024-01-01';

export function tfServiceBusNamespace(ctx: TTfBuildContext) {
  const ns = ctx.resource('azurerm_servicebus_namespace', ctx.node.local, {
    name: ctx.name(),
    ...placed(),
    sku: ctx.prop('sku'),
    minimum_tls_version: '1.2',
    // Senders and receivers get data roles (access.ts): no SAS key is ever needed.
    local_auth_enabled: false,
    tags: ctx.tags(),
  });
  return ns;
}

export function tfServiceBusEndpoint(ctx: TTfBuildContext, nsAddress: string): void {
  ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(nsAddress, 'endpoint'));
}

export function armServiceBusNamespace(ctx: TArmBuildContext) {
  return ctx.resource({
    symbol: ctx.symbol(ctx.node),
    type: 'Microsoft.ServiceBus/namespaces',
    apiVersion: SERVICEBUS_API,
    name: ctx.name(),
    body: {
      location: armLocation(),
      tags: ctx.tags(),
      sku: { name: ctx.prop('sku'), tier: ctx.prop('sku') },
      properties: { minimumTlsVersion: '1.2', disableLocalAuth: true },
    },
  });
}

export function armServiceBusEndpoint(
  ctx: TArmBuildContext,
  ns: ReturnType<typeof armServiceBusNamespace>,
): void {
  ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, aref(ns, 'properties.serviceBusEndpoint'));
}
