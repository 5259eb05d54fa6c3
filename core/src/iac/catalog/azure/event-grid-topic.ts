import { defineService } from '../service';
import { enumProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/** Azure Event Grid custom topics. */
const EVENTGRID_API = '2025-02-15';
export const azureEventGridTopic = defineService({
  id: 'azure.event-grid-topic',
  cloud: 'azure',
  kind: 'event-bus',
  name: 'Event Grid topic',
  category: 'messaging',
  description: 'Custom Event Grid topic (CloudEvents 1.0 schema, Entra ID only, no access keys).',
  icon: 'azure-event-grid',
  properties: [
    enumProp(
      'inputSchema',
      'Input schema',
      ['CloudEventSchemaV1_0', 'EventGridSchema'],
      'CloudEventSchemaV1_0',
    ),
  ],
  placement: 'none',
  naming: { rule: 'azure-eventgrid', abbreviation: 'evgt' },
  emits: {
    terraform: ['azurerm_eventgrid_topic'],
    arm: [{ type: 'Microsoft.EventGrid/topics', apiVersion: EVENTGRID_API }],
  },
  terraform: (ctx) => {
    const topic = ctx.resource('azurerm_eventgrid_topic', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      input_schema: ctx.prop('inputSchema'),
      local_auth_enabled: false,
      tags: ctx.tags(),
    });
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(topic.address, 'endpoint'));
  },
  arm: (ctx) => {
    const topic = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.EventGrid/topics',
      apiVersion: EVENTGRID_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: { inputSchema: ctx.prop('inputSchema'), disableLocalAuth: true },
      },
    });
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, aref(topic, 'properties.endpoint'));
  },
});
