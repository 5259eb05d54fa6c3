import { defineService } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { block, ref } from '../../ir/terraform-ir';
import { armLocation, armPublicAccess, placed, rgName, tfPublicAccess } from './shared';

/** Azure Cosmos DB for NoSQL. */
export const COSMOS_API = '2025-04-15';
export const azureCosmos = defineService({
  id: 'azure.cosmos-db',
  cloud: 'azure',
  kind: 'nosql',
  name: 'Azure Cosmos DB (NoSQL)',
  category: 'databases',
  description:
    'Cosmos DB account for the NoSQL API with a database and a container; local keys disabled (Entra ID only).',
  icon: 'azure-cosmos-db',
  properties: [
    enumProp(
      'consistency',
      'Consistency level',
      ['Session', 'Eventual', 'ConsistentPrefix', 'BoundedStaleness', 'Strong'],
      'Session',
    ),
    boolProp('serverless', 'Serverless capacity mode', true),
    numProp('throughput', 'Provisioned throughput (RU/s, when not serverless)', 400, 400, 1000000),
    strProp('database', 'Database name', 'app'),
    strProp('container', 'Container name', 'items'),
    strProp('partitionKey', 'Partition key path', '/pk'),
  ],
  placement: 'none',
  naming: { rule: 'azure-cosmos', abbreviation: 'cosmos' },
  emits: {
    terraform: [
      'azurerm_cosmosdb_account',
      'azurerm_cosmosdb_sql_database',
      'azurerm_cosmosdb_sql_container',
    ],
    arm: [
      { type: 'Microsoft.DocumentDB/databaseAccounts', apiVersion: COSMOS_API },
      { type: 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases', apiVersion: COSMOS_API },
      {
        type: 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers',
        apiVersion: COSMOS_API,
      },
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const serverless = ctx.value<boolean>('serverless');
    const account = ctx.resource('azurerm_cosmosdb_account', local, {
      name: ctx.name(),
      ...placed(),
      offer_type: 'Standard',
      kind: 'GlobalDocumentDB',
      local_authentication_disabled: true,
      minimal_tls_version: 'Tls12',
      ...tfPublicAccess(ctx),
      tags: ctx.tags(),
      consistency_policy: block({ consistency_level: ctx.prop('consistency') }),
      geo_location: block({
        location: ref('azurerm_resource_group.main', 'location'),
        failover_priority: 0,
      }),
      ...(serverless ? { capabilities: block({ name: 'EnableServerless' }) } : {}),
    });
    const db = ctx.resource('azurerm_cosmosdb_sql_database', local, {
      name: ctx.prop('database'),
      resource_group_name: rgName(),
      account_name: ref(account.address, 'name'),
    });
    ctx.resource('azurerm_cosmosdb_sql_container', local, {
      name: ctx.prop('container'),
      resource_group_name: rgName(),
      account_name: ref(account.address, 'name'),
      database_name: ref(db.address, 'name'),
      partition_key_paths: [ctx.prop('partitionKey')],
      ...(serverless ? {} : { throughput: ctx.prop('throughput') }),
    });
    ctx.output('endpoint', `Endpoint of ${ctx.node.name}`, ref(account.address, 'endpoint'));
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    const serverless = ctx.value<boolean>('serverless');
    const account = ctx.resource({
      symbol: base,
      type: 'Microsoft.DocumentDB/databaseAccounts',
      apiVersion: COSMOS_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        kind: 'GlobalDocumentDB',
        properties: {
          databaseAccountOfferType: 'Standard',
          consistencyPolicy: { defaultConsistencyLevel: ctx.prop('consistency') },
          locations: [{ locationName: armLocation(), failoverPriority: 0, isZoneRedundant: false }],
          disableLocalAuth: true,
          minimalTlsVersion: 'Tls12',
          ...armPublicAccess(ctx),
          ...(serverless ? { capabilities: [{ name: 'EnableServerless' }] } : {}),
        },
      },
    });
    const db = ctx.resource({
      symbol: `${base}Database`,
      type: 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases',
      apiVersion: COSMOS_API,
      parent: account,
      name: ctx.prop('database'),
      body: { properties: { resource: { id: ctx.prop('database') } } },
    });
    ctx.resource({
      symbol: `${base}Container`,
      type: 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers',
      apiVersion: COSMOS_API,
      parent: db,
      name: ctx.prop('container'),
      body: {
        properties: {
          resource: {
            id: ctx.prop('container'),
            partitionKey: { paths: [ctx.prop('partitionKey')], kind: 'Hash' },
          },
          ...(serverless ? {} : { options: { throughput: ctx.prop('throughput') } }),
        },
      },
    });
    ctx.output(
      'endpoint',
      `Endpoint of ${ctx.node.name}`,
      aref(account, 'properties.documentEndpoint'),
    );
  },
});
