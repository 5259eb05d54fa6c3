import { defineService } from '../service';
import { enumProp, listProp, numProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { armLocation, placed, rgLocation, rgName } from './shared';

/**
 * Azure Data Explorer: an analytics cluster (the warehouse for logs, telemetry and time series)
 * with one database. Entra ID is its only authentication and it trusts no other tenant; disks
 * are encrypted twice (infrastructure encryption), callouts to the internet are restricted
 * (no FQDN allowed: data exfiltration protection), purge is off, and optimized autoscale keeps
 * the instance count between the bounds. Queries reach its public endpoint, limited to the
 * listed ranges when there are any.
 * learn.microsoft.com/azure/data-explorer/security-baseline
 */
export const KUSTO_API = '2024-04-13';
/** Compute-optimized (E*d_v5) and storage-optimized (L*as_v3) production SKUs. */
const KUSTO_SKUS = [
  'Standard_E2d_v5',
  'Standard_E4d_v5',
  'Standard_E8d_v5',
  'Standard_E16d_v5',
  'Standard_L8as_v3',
  'Standard_L16as_v3',
];
const days = (v: unknown) => `P${String(v)}D`;

export const azureDataExplorer = defineService({
  id: 'azure.data-explorer',
  cloud: 'azure',
  kind: 'data-warehouse',
  name: 'Azure Data Explorer',
  category: 'databases',
  description:
    'Data Explorer (Kusto) cluster with one database: Entra ID only, own tenant only, double disk encryption, outbound callouts restricted, optimized autoscale, retention and hot cache you choose.',
  icon: 'azure-data-explorer',
  properties: [
    enumProp('sku', 'Instance size', KUSTO_SKUS, 'Standard_E2d_v5'),
    numProp('minInstances', 'Minimum instances', 2, 2, 1000),
    numProp('maxInstances', 'Maximum instances', 4, 2, 1000),
    strProp('database', 'Database name', 'analytics'),
    numProp('retentionDays', 'Retention (days)', 365, 1, 36500),
    numProp('hotCacheDays', 'Hot cache (days)', 31, 0, 36500),
    listProp('allowedIps', 'CIDR ranges allowed to query (empty: any, Entra ID only)', []),
  ],
  placement: 'none',
  port: 443,
  naming: { rule: 'azure-kusto', abbreviation: 'dec' },
  emits: {
    terraform: ['azurerm_kusto_cluster', 'azurerm_kusto_database'],
    arm: [
      { type: 'Microsoft.Kusto/clusters', apiVersion: KUSTO_API },
      { type: 'Microsoft.Kusto/clusters/databases', apiVersion: KUSTO_API },
    ],
  },
  terraform: (ctx) => {
    const allowed = ctx.value<string[]>('allowedIps');
    const cluster = ctx.resource(
      'azurerm_kusto_cluster',
      ctx.node.local,
      {
        name: ctx.name(),
        ...placed(),
        disk_encryption_enabled: true,
        double_encryption_enabled: true,
        streaming_ingestion_enabled: true,
        purge_enabled: false,
        auto_stop_enabled: false,
        public_network_access_enabled: true,
        ...(allowed.length > 0 ? { allowed_ip_ranges: allowed } : {}),
        outbound_network_access_restricted: true,
        allowed_fqdns: [],
        tags: ctx.tags(),
        sku: block({ name: ctx.prop('sku'), capacity: ctx.prop('minInstances') }),
        identity: block({ type: 'SystemAssigned' }),
        optimized_auto_scale: block({
          minimum_instances: ctx.prop('minInstances'),
          maximum_instances: ctx.prop('maxInstances'),
        }),
      },
      [],
      { lifecycle: { ignoreChanges: ['sku[0].capacity'] } },
    );
    ctx.resource('azurerm_kusto_database', ctx.node.local, {
      name: ctx.prop('database'),
      resource_group_name: rgName(),
      location: rgLocation(),
      cluster_name: ref(cluster.address, 'name'),
      soft_delete_period: ctx.prop('retentionDays', days),
      hot_cache_period: ctx.prop('hotCacheDays', days),
    });
    ctx.output('uri', `Query URI of ${ctx.node.name}`, ref(cluster.address, 'uri'));
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    const allowed = ctx.value<string[]>('allowedIps');
    const cluster = ctx.resource({
      symbol: base,
      type: 'Microsoft.Kusto/clusters',
      apiVersion: KUSTO_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku'), tier: 'Standard', capacity: ctx.prop('minInstances') },
        identity: { type: 'SystemAssigned' },
        properties: {
          enableDiskEncryption: true,
          enableDoubleEncryption: true,
          enableStreamingIngest: true,
          enablePurge: false,
          enableAutoStop: false,
          publicNetworkAccess: 'Enabled',
          ...(allowed.length > 0 ? { allowedIpRangeList: allowed } : {}),
          restrictOutboundNetworkAccess: 'Enabled',
          allowedFqdnList: [],
          trustedExternalTenants: [],
          optimizedAutoscale: {
            version: 1,
            isEnabled: true,
            minimum: ctx.prop('minInstances'),
            maximum: ctx.prop('maxInstances'),
          },
        },
      },
    });
    ctx.resource({
      symbol: `${base}Database`,
      type: 'Microsoft.Kusto/clusters/databases',
      apiVersion: KUSTO_API,
      parent: cluster,
      name: ctx.prop('database'),
      body: {
        location: armLocation(),
        kind: 'ReadWrite',
        properties: {
          softDeletePeriod: ctx.prop('retentionDays', days),
          hotCachePeriod: ctx.prop('hotCacheDays', days),
        },
      },
    });
    ctx.output('uri', `Query URI of ${ctx.node.name}`, aref(cluster, 'properties.uri'));
  },
});
