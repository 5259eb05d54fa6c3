import { defineService } from '../service';
import { boolProp, enumProp, numProp } from '../properties';
import { aref, atpl } from '../../ir/arm-ir';
import { call, ref, tfVar, tpl } from '../../ir/terraform-ir';
import {
  armLocation,
  armPrivateEndpoint,
  placed,
  PRIVATE_ENDPOINT_TF,
  PRIVATE_ENDPOINT_TYPES,
  tfPrivateEndpoint,
} from './shared';

/**
 * Azure Cosmos DB for MongoDB (vCore), the MongoDB-compatible cluster Microsoft recommends for
 * new MongoDB workloads: public network access off, reached through a private endpoint in its
 * subnet (group `MongoCluster`), TLS always on. The provider has no Entra ID setting for it, so
 * the native administrator's password is a sensitive variable (8-256 characters, Azure's rule).
 * learn.microsoft.com/azure/cosmos-db/mongodb/vcore/quickstart-terraform
 */
const MONGO_API = '2025-09-01';
/** Burstable M10/M20 have no high availability: rule azure-mongo-tier. */
export const MONGO_TIERS = ['M10', 'M20', 'M30', 'M40', 'M50', 'M60', 'M80', 'M200'] as const;
const MONGO_STORAGE_GB = ['32', '64', '128', '256', '512', '1024', '2048', '4096', '8192', '16384'];
const MONGO_LINK = { groupId: 'MongoCluster', zone: 'privatelink.mongocluster.cosmos.azure.com' };
const MONGO_HOST = '.global.mongocluster.cosmos.azure.com';
const ADMIN = 'mongoadmin';

const haMode = (v: unknown) => (v === true ? 'ZoneRedundantPreferred' : 'Disabled');

export const azureMongoCluster = defineService({
  id: 'azure.cosmos-mongo-vcore',
  cloud: 'azure',
  kind: 'document-db',
  name: 'Cosmos DB for MongoDB (vCore)',
  category: 'databases',
  description:
    'MongoDB-compatible vCore cluster: no public network access, a private endpoint in its subnet, TLS only, zone-redundant high availability on M30 and up, tier, storage and shards you choose.',
  icon: 'azure-cosmos-mongo',
  properties: [
    enumProp('tier', 'Compute tier', MONGO_TIERS, 'M30'),
    enumProp('storageGb', 'Storage per shard (GiB)', MONGO_STORAGE_GB, '128'),
    boolProp('highAvailability', 'Zone-redundant high availability', true),
    numProp('shards', 'Shards', 1, 1, 10),
    enumProp('version', 'MongoDB version', ['8.0', '7.0', '6.0'], '8.0'),
  ],
  placement: 'subnet',
  port: 10260,
  naming: { rule: 'azure-mongo', abbreviation: 'cosmon' },
  emits: {
    terraform: ['azurerm_mongo_cluster', ...PRIVATE_ENDPOINT_TF],
    arm: [
      { type: 'Microsoft.DocumentDB/mongoClusters', apiVersion: MONGO_API },
      ...PRIVATE_ENDPOINT_TYPES,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const password = ctx.variable({
      name: `${local}_admin_password`,
      type: 'string',
      description: `Password of administrator ${ADMIN} of ${ctx.node.name} (set TF_VAR_${local}_admin_password).`,
      sensitive: true,
      validation: {
        condition: call('can', call('regex', '^.{8,256}$', tfVar(`${local}_admin_password`))),
        errorMessage: 'The cluster administrator password needs 8 to 256 characters.',
      },
    });
    const cluster = ctx.resource('azurerm_mongo_cluster', local, {
      name: ctx.name(),
      ...placed(),
      administrator_username: ADMIN,
      administrator_password: password,
      version: ctx.prop('version'),
      compute_tier: ctx.prop('tier'),
      storage_size_in_gb: ctx.prop('storageGb', (v) => Number(v)),
      shard_count: ctx.prop('shards'),
      high_availability_mode: ctx.prop('highAvailability', haMode, 'haMode'),
      public_network_access: 'Disabled',
      tags: ctx.tags(),
    });
    tfPrivateEndpoint(ctx, cluster, MONGO_LINK);
    ctx.output(
      'host',
      `Host name of ${ctx.node.name}`,
      tpl(ref(cluster.address, 'name'), MONGO_HOST),
    );
  },
  arm: (ctx) => {
    const password = ctx.parameter({
      name: `${ctx.symbol(ctx.node)}AdminPassword`,
      type: 'string',
      secure: true,
      description: `Password of administrator ${ADMIN} of ${ctx.node.name} (8-256 characters).`,
      envVar: `${ctx.node.local.toUpperCase()}_ADMIN_PASSWORD`,
    });
    const cluster = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.DocumentDB/mongoClusters',
      apiVersion: MONGO_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          administrator: { userName: ADMIN, password },
          serverVersion: ctx.prop('version'),
          compute: { tier: ctx.prop('tier') },
          storage: { sizeGb: ctx.prop('storageGb', (v) => Number(v)) },
          sharding: { shardCount: ctx.prop('shards') },
          highAvailability: { targetMode: ctx.prop('highAvailability', haMode) },
          publicNetworkAccess: 'Disabled',
        },
      },
    });
    armPrivateEndpoint(ctx, cluster, MONGO_LINK);
    ctx.output('host', `Host name of ${ctx.node.name}`, atpl(aref(cluster, 'name'), MONGO_HOST));
  },
});
