import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { aref, atpl } from '../../ir/arm-ir';
import { block, ref, tpl } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/**
 * Azure AI Search: a search service for full-text, vector and hybrid queries. Keys are off
 * (Microsoft Entra ID only: callers get the index data roles through their data connections,
 * access.ts), a system identity reaches the data sources it indexes.
 */
const SEARCH_API = '2025-05-01';
// learn.microsoft.com/azure/search/search-create-service-portal (Azure public cloud).
const SEARCH_HOST = '.search.windows.net';

export const azureAiSearch = defineService({
  id: 'azure.ai-search',
  cloud: 'azure',
  kind: 'search',
  name: 'AI Search',
  category: 'databases',
  description:
    'Azure AI Search service for full-text, vector and hybrid search: Entra ID authentication only (no API keys), a managed identity, replicas and partitions you choose.',
  icon: 'azure-ai-search',
  properties: [
    enumProp('sku', 'Tier', ['basic', 'standard', 'standard2', 'standard3'], 'basic'),
    numProp('replicas', 'Replicas', 1, 1, 12),
    numProp('partitions', 'Partitions', 1, 1, 12),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'azure-search', abbreviation: 'srch' },
  emits: {
    terraform: ['azurerm_search_service'],
    arm: [{ type: 'Microsoft.Search/searchServices', apiVersion: SEARCH_API }],
  },
  terraform: (ctx) => {
    const search = ctx.resource('azurerm_search_service', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      sku: ctx.prop('sku'),
      replica_count: ctx.prop('replicas'),
      partition_count: ctx.prop('partitions'),
      local_authentication_enabled: false,
      tags: ctx.tags(),
      identity: block({ type: 'SystemAssigned' }),
    });
    ctx.output(
      'endpoint',
      `Endpoint of ${ctx.node.name}`,
      tpl('https://', ref(search.address, 'name'), SEARCH_HOST),
    );
  },
  arm: (ctx) => {
    const search = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Search/searchServices',
      apiVersion: SEARCH_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku') },
        identity: { type: 'SystemAssigned' },
        properties: {
          replicaCount: ctx.prop('replicas'),
          partitionCount: ctx.prop('partitions'),
          hostingMode: 'default',
          disableLocalAuth: true,
        },
      },
    });
    ctx.output(
      'endpoint',
      `Endpoint of ${ctx.node.name}`,
      atpl('https://', aref(search, 'name'), SEARCH_HOST),
    );
  },
});
