import { defineService } from '../service';
import { enumProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/** Azure API Management. */
const APIM_API = '2024-05-01';
const APIM_SKUS: Readonly<Record<string, { name: string; capacity: number }>> = {
  Consumption_0: { name: 'Consumption', capacity: 0 },
  Developer_1: { name: 'Developer', capacity: 1 },
  BasicV2_1: { name: 'BasicV2', capacity: 1 },
  StandardV2_1: { name: 'StandardV2', capacity: 1 },
  Premium_1: { name: 'Premium', capacity: 1 },
};

export const azureApiManagement = defineService({
  id: 'azure.api-management',
  cloud: 'azure',
  kind: 'api-gateway',
  name: 'API Management',
  category: 'api',
  description: 'API Management instance with a system-assigned identity.',
  icon: 'azure-api-management',
  properties: [
    enumProp('sku', 'SKU', Object.keys(APIM_SKUS), 'Consumption_0'),
    strProp('publisherName', 'Publisher name', 'Platform team'),
    strProp('publisherEmail', 'Publisher e-mail', 'api@example.com'),
  ],
  placement: 'none',
  naming: { rule: 'azure-apim', abbreviation: 'apim' },
  emits: {
    terraform: ['azurerm_api_management'],
    arm: [{ type: 'Microsoft.ApiManagement/service', apiVersion: APIM_API }],
  },
  terraform: (ctx) => {
    const apim = ctx.resource('azurerm_api_management', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      publisher_name: ctx.prop('publisherName'),
      publisher_email: ctx.prop('publisherEmail'),
      sku_name: ctx.prop('sku'),
      tags: ctx.tags(),
      identity: block({ type: 'SystemAssigned' }),
    });
    ctx.output('gateway_url', `Gateway of ${ctx.node.name}`, ref(apim.address, 'gateway_url'));
  },
  arm: (ctx) => {
    const sku = (v: unknown) => APIM_SKUS[String(v)] ?? APIM_SKUS['Consumption_0']!;
    const apim = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.ApiManagement/service',
      apiVersion: APIM_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: {
          name: ctx.prop('sku', (v) => sku(v).name, 'skuName'),
          capacity: ctx.prop('sku', (v) => sku(v).capacity, 'skuCapacity'),
        },
        identity: { type: 'SystemAssigned' },
        properties: {
          publisherName: ctx.prop('publisherName'),
          publisherEmail: ctx.prop('publisherEmail'),
        },
      },
    });
    ctx.output('gatewayUrl', `Gateway of ${ctx.node.name}`, aref(apim, 'properties.gatewayUrl'));
  },
});
