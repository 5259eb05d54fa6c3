import { defineService, type TArmBuildContext, type TTfBuildContext } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { sendersProp } from '../senders';
import type { TArmValue } from '../../ir/arm-ir';
import { ref, type TTfValue } from '../../ir/terraform-ir';
import {
  armServiceBusEndpoint,
  armServiceBusNamespace,
  messageTtlProp,
  SERVICEBUS_API,
  tfServiceBusEndpoint,
  tfServiceBusNamespace,
} from './service-bus';
import { topicSubscriptions } from './topic-subscriptions';
import { armDeadLetterAlert, tfDeadLetterAlert } from './dead-letter-alert';
import { ALERT_API } from './metric-alert';

/**
 * The topic's subscriptions: one per reader (topic-subscriptions.ts), the first keeping the one
 * named by the `subscription` property, else that one alone. A topic nobody in the design reads
 * keeps it, as before, for a consumer outside the design: a topic without a subscription drops
 * every message sent to it. A topic with readers has none besides theirs, and its senders none:
 * nothing would receive from it, so its messages would fill the topic until sending failed.
 */
const subscriptionsOf = (ctx: TTfBuildContext | TArmBuildContext) =>
  topicSubscriptions(
    ctx.node,
    ctx.incoming('data').map((e) => e.node),
  );

/*
 * Time-to-live (messageTtlProp, service-bus.ts): a reader's expired messages are dead-lettered,
 * kept for inspection (they count towards the topic's size until received); the subscription of
 * a topic nobody in the design reads drops them, or they would fill the topic if no consumer
 * outside the design ever came.
 */

/** Azure Service Bus topics (queues: platform.ts). */
export const azureServiceBusTopic = defineService({
  id: 'azure.service-bus-topic',
  cloud: 'azure',
  kind: 'topic',
  name: 'Service Bus topic',
  category: 'messaging',
  description:
    "Service Bus namespace with a topic and a subscription for each component reading it (not for those that only send), else one; messages wait 14 days by default, then are dead-lettered, which alerts the design's metric alerts' action groups (TLS 1.2, Entra ID only: no SAS keys).",
  icon: 'azure-service-bus',
  properties: [
    enumProp('sku', 'Namespace tier', ['Standard', 'Premium'], 'Standard'),
    strProp(
      'subscription',
      'Subscription name (of the first reader, or of a consumer outside the design)',
      'default',
    ),
    sendersProp('no subscription, Data Sender role only'),
    numProp('maxDeliveryCount', 'Deliveries before dead-letter', 10, 1, 2000),
    messageTtlProp(),
  ],
  placement: 'none',
  naming: { rule: 'azure-servicebus', abbreviation: 'sbns' },
  emits: {
    terraform: [
      'azurerm_servicebus_namespace',
      'azurerm_servicebus_topic',
      'azurerm_servicebus_subscription',
      'azurerm_monitor_metric_alert',
    ],
    arm: [
      { type: 'Microsoft.ServiceBus/namespaces', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.ServiceBus/namespaces/topics', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.ServiceBus/namespaces/topics/subscriptions', apiVersion: SERVICEBUS_API },
      { type: 'Microsoft.Insights/metricAlerts', apiVersion: ALERT_API },
    ],
  },
  terraform: (ctx) => {
    const ns = tfServiceBusNamespace(ctx);
    const topic = ctx.resource('azurerm_servicebus_topic', ctx.node.local, {
      name: ctx.node.name,
      namespace_id: ref(ns.address, 'id'),
    });
    const subscriptions = subscriptionsOf(ctx);
    const subscribe = (local: string, name: TTfValue) =>
      ctx.resource('azurerm_servicebus_subscription', local, {
        name,
        topic_id: ref(topic.address, 'id'),
        max_delivery_count: ctx.prop('maxDeliveryCount'),
        default_message_ttl: ctx.prop('messageTtl'),
        dead_lettering_on_message_expiration: subscriptions.length > 0,
      });
    subscribe(ctx.node.local, ctx.prop('subscription'));
    for (const { reader, name } of subscriptions)
      if (name !== undefined) subscribe(`${ctx.node.local}_${reader.local}`, name);
    tfDeadLetterAlert(ctx, ns.address);
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
    const subscriptions = subscriptionsOf(ctx);
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
            defaultMessageTimeToLive: ctx.prop('messageTtl'),
            deadLetteringOnMessageExpiration: subscriptions.length > 0,
          },
        },
      });
    subscribe('', ctx.prop('subscription'));
    for (const { reader, name } of subscriptions) {
      if (name === undefined) continue;
      const symbol = ctx.symbol(reader);
      subscribe(symbol.charAt(0).toUpperCase() + symbol.slice(1), name);
    }
    armDeadLetterAlert(ctx, ns);
    armServiceBusEndpoint(ctx, ns);
  },
});
