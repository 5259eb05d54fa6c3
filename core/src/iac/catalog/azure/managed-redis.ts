import { defineService } from '../service';
import { boolProp, enumProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import {
  armLocation,
  armPrivateEndpoint,
  placed,
  PRIVATE_ENDPOINT_TF,
  PRIVATE_ENDPOINT_TYPES,
  tfPrivateEndpoint,
} from './shared';

/** Azure Managed Redis. */
export const REDIS_API = '2025-04-01';
/** Azure Managed Redis SKUs (the successor of Azure Cache for Redis). */
const REDIS_SKUS = [
  'Balanced_B0',
  'Balanced_B1',
  'Balanced_B3',
  'Balanced_B5',
  'Balanced_B10',
  'MemoryOptimized_M10',
  'MemoryOptimized_M20',
  'ComputeOptimized_X3',
  'ComputeOptimized_X5',
];
const REDIS_LINK = { groupId: 'redisEnterprise', zone: 'privatelink.redis.azure.net' };

export const azureManagedRedis = defineService({
  id: 'azure.managed-redis',
  cloud: 'azure',
  kind: 'cache',
  name: 'Azure Managed Redis',
  category: 'databases',
  description:
    'Azure Managed Redis cluster with its default database (TLS only) and a private endpoint in its subnet.',
  icon: 'azure-redis',
  properties: [
    enumProp('sku', 'SKU', REDIS_SKUS, 'Balanced_B1'),
    boolProp('highAvailability', 'High availability (replica)', true),
    enumProp(
      'evictionPolicy',
      'Eviction policy',
      ['VolatileLRU', 'AllKeysLRU', 'NoEviction', 'VolatileTTL'],
      'VolatileLRU',
    ),
  ],
  placement: 'subnet',
  port: 10000,
  naming: { rule: 'azure-redis', abbreviation: 'amr' },
  emits: {
    terraform: ['azurerm_managed_redis', ...PRIVATE_ENDPOINT_TF],
    arm: [
      { type: 'Microsoft.Cache/redisEnterprise', apiVersion: REDIS_API },
      { type: 'Microsoft.Cache/redisEnterprise/databases', apiVersion: REDIS_API },
      ...PRIVATE_ENDPOINT_TYPES,
    ],
  },
  terraform: (ctx) => {
    const redis = ctx.resource('azurerm_managed_redis', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      sku_name: ctx.prop('sku'),
      high_availability_enabled: ctx.prop('highAvailability'),
      tags: ctx.tags(),
      default_database: block({
        client_protocol: 'Encrypted',
        clustering_policy: 'OSSCluster',
        eviction_policy: ctx.prop('evictionPolicy'),
      }),
    });
    tfPrivateEndpoint(ctx, redis, REDIS_LINK);
    ctx.output('hostname', `Host name of ${ctx.node.name}`, ref(redis.address, 'hostname'));
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    const cluster = ctx.resource({
      symbol: base,
      type: 'Microsoft.Cache/redisEnterprise',
      apiVersion: REDIS_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku') },
        properties: {
          minimumTlsVersion: '1.2',
          highAvailability: ctx.prop('highAvailability', (v) =>
            v === true ? 'Enabled' : 'Disabled',
          ),
        },
      },
    });
    ctx.resource({
      symbol: `${base}Database`,
      type: 'Microsoft.Cache/redisEnterprise/databases',
      apiVersion: REDIS_API,
      parent: cluster,
      name: 'default',
      body: {
        properties: {
          clientProtocol: 'Encrypted',
          clusteringPolicy: 'OSSCluster',
          evictionPolicy: ctx.prop('evictionPolicy'),
          port: 10000,
        },
      },
    });
    armPrivateEndpoint(ctx, cluster, REDIS_LINK);
    ctx.output('hostname', `Host name of ${ctx.node.name}`, aref(cluster, 'properties.hostName'));
  },
});
