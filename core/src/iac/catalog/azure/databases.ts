import { defineService } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import type { TPropertyValue } from '../../types';
import { block, ref } from '../../ir/terraform-ir';
import {
  armAdminPassword,
  armFlexibleServerDns,
  FLEXIBLE_SERVER_DNS_ARM,
  FLEXIBLE_SERVER_DNS_TF,
  tfAdminPassword,
  tfFlexibleServerDns,
} from './flexible-server';
import {
  armLocation,
  armPrivateEndpoint,
  armPublicAccess,
  armSubnetId,
  placed,
  PRIVATE_ENDPOINT_TF,
  PRIVATE_ENDPOINT_TYPES,
  rgName,
  tfPrivateEndpoint,
  tfPublicAccess,
  tfSubnetId,
} from './shared';

/** Azure databases: MySQL flexible server, Azure SQL, Cosmos DB, Azure Managed Redis. */
const MYSQL_API = '2023-12-30';
const SQL_API = '2023-08-01';
export const COSMOS_API = '2025-04-15';
export const REDIS_API = '2025-04-01';

/** MySQL flexible server sizes: Terraform joins tier prefix and size, ARM sets them apart. */
const MYSQL_SKUS: Readonly<Record<string, { tf: string; tier: string }>> = {
  Standard_B1ms: { tf: 'B_Standard_B1ms', tier: 'Burstable' },
  Standard_B2s: { tf: 'B_Standard_B2s', tier: 'Burstable' },
  Standard_B2ms: { tf: 'B_Standard_B2ms', tier: 'Burstable' },
  Standard_D2ds_v4: { tf: 'GP_Standard_D2ds_v4', tier: 'GeneralPurpose' },
  Standard_D4ds_v4: { tf: 'GP_Standard_D4ds_v4', tier: 'GeneralPurpose' },
  Standard_E2ds_v4: { tf: 'MO_Standard_E2ds_v4', tier: 'MemoryOptimized' },
  Standard_E4ds_v4: { tf: 'MO_Standard_E4ds_v4', tier: 'MemoryOptimized' },
};
const MYSQL_ZONE = '.private.mysql.database.azure.com';

export const azureMysql = defineService({
  id: 'azure.mysql-flexible',
  cloud: 'azure',
  kind: 'mysql',
  name: 'Azure Database for MySQL (flexible server)',
  category: 'databases',
  description:
    'Private MySQL flexible server in a delegated subnet, with its private DNS zone and a database.',
  icon: 'azure-mysql',
  properties: [
    enumProp('version', 'Version', ['8.0.21'], '8.0.21'),
    enumProp('sku', 'Compute size', Object.keys(MYSQL_SKUS), 'Standard_B1ms'),
    numProp('storageGb', 'Storage (GiB)', 32, 20, 16384),
    numProp('backupDays', 'Backup retention (days)', 7, 1, 35),
    boolProp('geoRedundantBackup', 'Geo-redundant backup', false),
    strProp('database', 'Database name', 'app'),
    strProp('adminUser', 'Admin user', 'mysqladmin'),
  ],
  placement: 'subnet',
  port: 3306,
  naming: { rule: 'azure-mysql', abbreviation: 'mysql' },
  emits: {
    terraform: [
      'azurerm_mysql_flexible_server',
      'azurerm_mysql_flexible_database',
      ...FLEXIBLE_SERVER_DNS_TF,
    ],
    arm: [
      { type: 'Microsoft.DBforMySQL/flexibleServers', apiVersion: MYSQL_API },
      { type: 'Microsoft.DBforMySQL/flexibleServers/databases', apiVersion: MYSQL_API },
      ...FLEXIBLE_SERVER_DNS_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const skuOf = (v: TPropertyValue) => (MYSQL_SKUS[String(v)] ?? MYSQL_SKUS['Standard_B1ms']!).tf;
    const { link, zone } = tfFlexibleServerDns(ctx, MYSQL_ZONE);
    const server = ctx.resource(
      'azurerm_mysql_flexible_server',
      local,
      {
        name: ctx.name(),
        ...placed(),
        version: ctx.prop('version'),
        sku_name: ctx.prop('sku', skuOf),
        backup_retention_days: ctx.prop('backupDays'),
        geo_redundant_backup_enabled: ctx.prop('geoRedundantBackup'),
        delegated_subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
        private_dns_zone_id: ref(zone.address, 'id'),
        administrator_login: ctx.prop('adminUser'),
        // Write-only: never in the state (policy no-secret-in-state); raise the version to rotate.
        administrator_password_wo: tfAdminPassword(ctx),
        administrator_password_wo_version: 1,
        tags: ctx.tags(),
        storage: block({ size_gb: ctx.prop('storageGb'), auto_grow_enabled: true }),
      },
      [link.address],
    );
    ctx.resource('azurerm_mysql_flexible_database', local, {
      name: ctx.prop('database'),
      resource_group_name: rgName(),
      server_name: ref(server.address, 'name'),
      charset: 'utf8mb4',
      collation: 'utf8mb4_0900_ai_ci',
    });
    ctx.output('fqdn', `Host name of ${ctx.node.name}`, ref(server.address, 'fqdn'));
  },
  arm: (ctx) => {
    const tierOf = (v: TPropertyValue) =>
      (MYSQL_SKUS[String(v)] ?? MYSQL_SKUS['Standard_B1ms']!).tier;
    const base = ctx.symbol(ctx.node);
    const { link, zone } = armFlexibleServerDns(ctx, MYSQL_ZONE);
    const password = armAdminPassword(ctx);
    const server = ctx.resource({
      symbol: base,
      type: 'Microsoft.DBforMySQL/flexibleServers',
      apiVersion: MYSQL_API,
      name: ctx.name(),
      dependsOn: [link],
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku'), tier: ctx.prop('sku', tierOf, 'skuTier') },
        properties: {
          version: ctx.prop('version'),
          administratorLogin: ctx.prop('adminUser'),
          administratorLoginPassword: password,
          storage: { storageSizeGB: ctx.prop('storageGb'), autoGrow: 'Enabled' },
          backup: {
            backupRetentionDays: ctx.prop('backupDays'),
            geoRedundantBackup: ctx.prop('geoRedundantBackup', (v) =>
              v === true ? 'Enabled' : 'Disabled',
            ),
          },
          network: {
            delegatedSubnetResourceId: armSubnetId(ctx, ctx.subnets()[0]!),
            privateDnsZoneResourceId: aref(zone, 'id'),
            publicNetworkAccess: 'Disabled',
          },
        },
      },
    });
    ctx.resource({
      symbol: `${base}Database`,
      type: 'Microsoft.DBforMySQL/flexibleServers/databases',
      apiVersion: MYSQL_API,
      parent: server,
      name: ctx.prop('database'),
      body: { properties: { charset: 'utf8mb4', collation: 'utf8mb4_0900_ai_ci' } },
    });
    ctx.output(
      'fqdn',
      `Host name of ${ctx.node.name}`,
      aref(server, 'properties.fullyQualifiedDomainName'),
    );
  },
});

/** Azure SQL Database service objectives: DTU (Basic, S*) and vCore (GP_Gen5_*, serverless). */
const SQL_SKUS = [
  'Basic',
  'S0',
  'S1',
  'S2',
  'GP_S_Gen5_1',
  'GP_S_Gen5_2',
  'GP_Gen5_2',
  'GP_Gen5_4',
];
const SQL_TIERS: Readonly<Record<string, string>> = {
  Basic: 'Basic',
  S0: 'Standard',
  S1: 'Standard',
  S2: 'Standard',
  GP_S_Gen5_1: 'GeneralPurpose',
  GP_S_Gen5_2: 'GeneralPurpose',
  GP_Gen5_2: 'GeneralPurpose',
  GP_Gen5_4: 'GeneralPurpose',
};
const SQL_LINK = { groupId: 'sqlServer', zone: 'privatelink.database.windows.net' };

export const azureSqlDatabase = defineService({
  id: 'azure.sql-database',
  cloud: 'azure',
  kind: 'sqlserver',
  name: 'Azure SQL Database',
  category: 'databases',
  description:
    'Logical SQL server without public access, one database, and a private endpoint in its subnet.',
  icon: 'azure-sql',
  properties: [
    enumProp('sku', 'Service objective', SQL_SKUS, 'GP_S_Gen5_1'),
    numProp('maxSizeGb', 'Max size (GB)', 32, 1, 4096),
    strProp('database', 'Database name', 'app'),
    strProp('adminUser', 'Admin user', 'sqladmin'),
  ],
  placement: 'subnet',
  port: 1433,
  naming: { rule: 'azure-sql', abbreviation: 'sql' },
  emits: {
    terraform: ['azurerm_mssql_server', 'azurerm_mssql_database', ...PRIVATE_ENDPOINT_TF],
    arm: [
      { type: 'Microsoft.Sql/servers', apiVersion: SQL_API },
      { type: 'Microsoft.Sql/servers/databases', apiVersion: SQL_API },
      ...PRIVATE_ENDPOINT_TYPES,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const server = ctx.resource('azurerm_mssql_server', local, {
      name: ctx.name(),
      ...placed(),
      version: '12.0',
      administrator_login: ctx.prop('adminUser'),
      // Write-only: the value never enters the state (policy no-secret-in-state); raise the
      // version to rotate it.
      administrator_login_password_wo: ctx.variable({
        name: `${local}_admin_password`,
        type: 'string',
        description: `Admin password of ${ctx.node.name} (set TF_VAR_${local}_admin_password).`,
        sensitive: true,
      }),
      administrator_login_password_wo_version: 1,
      minimum_tls_version: '1.2',
      public_network_access_enabled: false,
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_mssql_database', local, {
      name: ctx.prop('database'),
      server_id: ref(server.address, 'id'),
      sku_name: ctx.prop('sku'),
      max_size_gb: ctx.prop('maxSizeGb'),
      collation: 'SQL_Latin1_General_CP1_CI_AS',
      tags: ctx.tags(),
    });
    tfPrivateEndpoint(ctx, server, SQL_LINK);
    ctx.output(
      'fqdn',
      `Host name of ${ctx.node.name}`,
      ref(server.address, 'fully_qualified_domain_name'),
    );
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    const server = ctx.resource({
      symbol: base,
      type: 'Microsoft.Sql/servers',
      apiVersion: SQL_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        properties: {
          version: '12.0',
          administratorLogin: ctx.prop('adminUser'),
          administratorLoginPassword: ctx.parameter({
            name: `${base}AdminPassword`,
            type: 'string',
            secure: true,
            description: `Admin password of ${ctx.node.name}.`,
            envVar: `${ctx.node.local.toUpperCase()}_ADMIN_PASSWORD`,
          }),
          minimalTlsVersion: '1.2',
          publicNetworkAccess: 'Disabled',
        },
      },
    });
    ctx.resource({
      symbol: `${base}Database`,
      type: 'Microsoft.Sql/servers/databases',
      apiVersion: SQL_API,
      parent: server,
      name: ctx.prop('database'),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: {
          name: ctx.prop('sku'),
          tier: ctx.prop('sku', (v) => SQL_TIERS[String(v)] ?? 'GeneralPurpose', 'skuTier'),
        },
        properties: {
          collation: 'SQL_Latin1_General_CP1_CI_AS',
          maxSizeBytes: ctx.prop('maxSizeGb', (v) => Number(v) * 1024 ** 3, 'maxSizeBytes'),
        },
      },
    });
    armPrivateEndpoint(ctx, server, SQL_LINK);
    ctx.output(
      'fqdn',
      `Host name of ${ctx.node.name}`,
      aref(server, 'properties.fullyQualifiedDomainName'),
    );
  },
});

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
