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
import { armLocation, armSubnetId, placed, rgName, tfSubnetId } from './shared';

/** Azure Database for MySQL flexible servers. */
const MYSQL_API = '2023-12-30';
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
