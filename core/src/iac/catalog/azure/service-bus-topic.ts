import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { ref } from '../../ir/terraform-ir';
import {
  armServiceBusEndpoint,
  armServiceBusNamespace,
  SERVICEBUS_API,
  tfServiceBusEndpoint,
  tfServiceBusNamespace,
} from './service-bus';

/** Azure Service Bus topics (queues: platform.ts). */
export const azureServiceBusTopic = defineService({
  id: 'azure.service-bus-topic',
  cloud: 'azure',
  kind: 'topic',
  name: 'Service Bus topic',
  category: 'messaging',
  description:
    'Service Bus namespace with a topic and one subscription (TLS 1.2, Entra ID only: no SAS keys).',
  icon: 'azure-service-bus',
  properties: [
    enumProp('sku', 'Namespace tier', ['Standard', 'Premium'], 'Standard'),
    strProp('subscription', 'Subscription name', 'default'),
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
    ctx.resource('azurerm_servicebus_subscription', ctx.node.local, {
      name: ctx.prop('subscription'),
      topic_id: ref(topic.address, 'id'),
      max_delivery_count: ctx.prop('maxDeliveryCount'),
      dead_lettering_on_message_expiration: true,
    });
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
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Subscription'),
      type: 'Microsoft.ServiceBus/namespaces/topics/subscriptions',
      apiVersion: SERVICEBUS_API,
      parent: topic,
      name: ctx.prop('subscription'),
      body: {
        properties: {
          maxDeliveryCount: ctx.prop('maxDeliveryCount'),
          deadLetteringOnMessageExpiration: true,
        },
      },
    });
    armServiceBusEndpoint(ctx, ns);
  },
});
