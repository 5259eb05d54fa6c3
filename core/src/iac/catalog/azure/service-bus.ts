import type { TArmBuildContext, TTfBuildContext } from '../service';
import type { TPropertyDefinition } from '../../types';
import { enumProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/**
 * The Service Bus namespace a queue or a topic lives in (one per component), and its endpoint.
 * Microsoft Entra ID only: shared access keys (SAS) are off.
 */
export const SERVICEBUS_API = '2024-01-01';

/**
 * Time a message waits for its reader before it expires, in a queue or a topic's subscription.
 * Service Bus's default is unlimited (TimeSpan.Max): a reader back after weeks acted on weeks-old
 * messages, and a queue or subscription nobody drained filled the namespace until every send
 * failed. Expired messages are dead-lettered where a reader exists (kept for inspection). No
 * auto-delete on idle: Service Bus would delete the entity of a reader that is only stopped, its
 * messages with it (decision 0038).
 * https://learn.microsoft.com/azure/service-bus-messaging/message-expiration
 */
export const messageTtlProp = (): TPropertyDefinition =>
  enumProp(
    'messageTtl',
    'Time a message waits for its reader',
    ['P1D', 'P7D', 'P14D', 'P30D'],
    'P14D',
  );

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
