import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import type { TArmValue } from '../../ir/arm-ir';
import { ref, type TTfValue } from '../../ir/terraform-ir';
import {
  armServiceBusEndpoint,
  armServiceBusNamespace,
  SERVICEBUS_API,
  tfServiceBusEndpoint,
  tfServiceBusNamespace,
} from './service-bus';
import { topicSubscriptions } from './topic-subscriptions';

/**
 * The topic's subscriptions: one per reader (topic-subscriptions.ts), else one named by the
 * `subscription` property. A topic nobody in the design reads keeps that one, as before, for a
 * consumer outside the design: a topic without a subscription drops every message sent to it. A
 * topic with readers has none besides theirs: nothing would receive from it, so its messages,
 * dead-lettered on expiry, would fill the namespace's quota until sending to the topic failed.
 */
const subscriptionsOf = (ctx: TTfBuildContext | TArmBuildContext) =>
  topicSubscriptions(ctx.incoming('data').map((e) => e.node));

/** Azure Service Bus topics (queues: platform.ts). */
export const azureServiceBusTopic = defineService({
  id: 'azure.service-bus-topic',
  cloud: 'azure',
  kind: 'topic',
  name: 'Service Bus topic',
  category: 'messaging',
  description:
    'Service Bus namespace with a topic and a subscription for each component reading it, else one (TLS 1.2, Entra ID only: no SAS keys).',
  icon: 'azure-service-bus',
  properties: [
    enumProp('sku', 'Namespace tier', ['Standard', 'Premium'], 'Standard'),
    strProp('subscription', 'Subscription name (when no component reads the topic)', 'default'),
    numProp('maxDeliveryCount', 'Deliveries before dead-letter', 10, 1, 2000),
  ],
  placement: 'none',
  naming: { rule: 'azure-servicebus', abbreviation: 'sbns' },
  emits: {
    terraform: [
      'azurerm_servicebus_namespace',
      'azurerm_servicebus_topic',
      'azurerm_servicebus_subscription',
    ],
    arm: [
      { type: 'Microsoft.ServiceBus/namespaces', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.ServiceBus/namespaces/topics', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.ServiceBus/namespaces/topics/subscriptions', apiVersion: SERVICEBUS_API },
    ],
  },
  terraform: (ctx) => {
    const ns = tfServiceBusNamespace(ctx);
    const topic = ctx.resource('azurerm_servicebus_topic', ctx.node.local, {
      name: ctx.node.name,
      namespace_id: ref(ns.address, 'id'),
    });
    const subscribe = (local: string, name: TTfValue) =>
      ctx.resource('azurerm_servicebus_subscription', local, {
        name,
        topic_id: ref(topic.address, 'id'),
        max_delivery_count: ctx.prop('maxDeliveryCount'),
        dead_lettering_on_message_expiration: true,
      });
    const subscriptions = subscriptionsOf(ctx);
    for (const { reader, name } of subscriptions)
      subscribe(`${ctx.node.local}_${reader.local}`, name);
    if (subscriptions.length === 0) subscribe(ctx.node.local, ctx.prop('subscription'));
    tfServiceBusEndpoint(ctx, ns.address);
  },
  arm: (ctx) => {
    const ns = armServiceBusNamespace(ctx);
    const topic = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Topic'),
      type: 'Microsoft.ServiceBus/namespaces/topics',
      apiVersion: SERVICEBUS_API,
      parent: ns,
      name: ctx.node.name,
      body: {},
    });
    const subscribe = (suffix: string, name: TArmValue) =>
      ctx.resource({
        symbol: ctx.symbol(ctx.node, `Subscription${suffix}`),
        type: 'Microsoft.ServiceBus/namespaces/topics/subscriptions',
        apiVersion: SERVICEBUS_API,
        parent: topic,
        name,
        body: {
          properties: {
            maxDeliveryCount: ctx.prop('maxDeliveryCount'),
            deadLetteringOnMessageExpiration: true,
          },
        },
      });
    const subscriptions = subscriptionsOf(ctx);
    for (const { reader, name } of subscriptions) {
      const symbol = ctx.symbol(reader);
      subscribe(symbol.charAt(0).toUpperCase() + symbol.slice(1), name);
    }
    if (subscriptions.length === 0) subscribe('', ctx.prop('subscription'));
    armServiceBusEndpoint(ctx, ns);
  },
});
