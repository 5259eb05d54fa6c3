import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { aref, atpl } from '../../ir/arm-ir';
import { ref, tpl } from '../../ir/terraform-ir';
import { armLocation, armPublicAccess, placed, tfPublicAccess } from './shared';

/**
 * Event Hubs: a namespace with one event hub, reachable with the Kafka protocol on port 9093
 * (Standard tier and up). Microsoft Entra ID only (shared access keys off), TLS 1.2; senders and
 * receivers get the data roles through their data connections (access.ts).
 */
const EVENTHUB_API = '2024-01-01';
// learn.microsoft.com/azure/event-hubs/azure-event-hubs-kafka-overview (Azure public cloud).
const KAFKA_HOST = '.servicebus.windows.net:9093';

export const azureEventHub = defineService({
  id: 'azure.event-hub',
  cloud: 'azure',
  kind: 'stream',
  name: 'Event Hubs (Kafka)',
  category: 'messaging',
  description:
    'Event Hubs namespace with one event hub, Kafka-compatible on port 9093: Entra ID authentication only, TLS 1.2, partitions and retention you choose.',
  icon: 'azure-event-hubs',
  properties: [
    enumProp(
      'sku',
      'Namespace tier',
      ['Standard', 'Premium'],
      'Standard',
      'Basic has no Kafka endpoint.',
    ),
    numProp('capacity', 'Throughput / processing units', 1, 1, 20),
    numProp('partitions', 'Partitions', 4, 1, 32),
    numProp('retentionDays', 'Retention (days)', 1, 1, 7),
  ],
  placement: 'none',
  port: 9093,
  naming: { rule: 'azure-servicebus', abbreviation: 'evhns' },
  emits: {
    terraform: ['azurerm_eventhub_namespace', 'azurerm_eventhub'],
    arm: [
      { type: 'Microsoft.EventHub/namespaces', apiVersion: EVENTHUB_API },
      { type: 'Microsoft.EventHub/namespaces/eventhubs', apiVersion: EVENTHUB_API },
    ],
  },
  terraform: (ctx) => {
    const ns = ctx.resource('azurerm_eventhub_namespace', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      sku: ctx.prop('sku'),
      capacity: ctx.prop('capacity'),
      minimum_tls_version: '1.2',
      local_authentication_enabled: false,
      ...tfPublicAccess(ctx),
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_eventhub', ctx.node.local, {
      name: ctx.node.name,
      namespace_id: ref(ns.address, 'id'),
      partition_count: ctx.prop('partitions'),
      message_retention: ctx.prop('retentionDays'),
    });
    ctx.output(
      'kafka_bootstrap',
      `Kafka bootstrap server of ${ctx.node.name}`,
      tpl(ref(ns.address, 'name'), KAFKA_HOST),
    );
  },
  arm: (ctx) => {
    const ns = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.EventHub/namespaces',
      apiVersion: EVENTHUB_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku'), tier: ctx.prop('sku'), capacity: ctx.prop('capacity') },
        properties: {
          minimumTlsVersion: '1.2',
          disableLocalAuth: true,
          kafkaEnabled: true,
          ...armPublicAccess(ctx),
        },
      },
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Hub'),
      type: 'Microsoft.EventHub/namespaces/eventhubs',
      apiVersion: EVENTHUB_API,
      parent: ns,
      name: ctx.node.name,
      body: {
        properties: {
          partitionCount: ctx.prop('partitions'),
          messageRetentionInDays: ctx.prop('retentionDays'),
        },
      },
    });
    ctx.output(
      'kafkaBootstrap',
      `Kafka bootstrap server of ${ctx.node.name}`,
      atpl(aref(ns, 'name'), KAFKA_HOST),
    );
  },
});
