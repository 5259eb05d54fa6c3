import { defineService } from '../service';
import { boolProp, enumProp, numProp, strProp } from '../properties';
import { aref, armFn } from '../../ir/arm-ir';
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
  armPublicAccess,
  armSubnetId,
  placed,
  tfPublicAccess,
  tfSubnetId,
} from './shared';

/** Azure data services: storage accounts and PostgreSQL flexible servers. */
const STORAGE_API = '2025-06-01';
export const POSTGRES_API = '2024-08-01';
const POSTGRES_ZONE = '.private.postgres.database.azure.com';

export const azureStorage = defineService({
  id: 'azure.storage-account',
  cloud: 'azure',
  kind: 'object-storage',
  name: 'Storage account (Blob)',
  category: 'storage',
  description:
    'StorageV2 account with a private blob container, TLS 1.2 and no public blob access.',
  icon: 'azure-storage',
  properties: [
    enumProp('replication', 'Replication', ['LRS', 'ZRS', 'GRS', 'RAGRS', 'GZRS', 'RAGZRS'], 'ZRS'),
    enumProp('tier', 'Performance tier', ['Standard', 'Premium'], 'Standard'),
    enumProp('accessTier', 'Access tier', ['Hot', 'Cool', 'Cold'], 'Hot'),
    strProp('container', 'Blob container', 'data'),
  ],
  placement: 'none',
  naming: { rule: 'azure-storage', abbreviation: 'st' },
  emits: {
    terraform: ['azurerm_storage_account', 'azurerm_storage_container'],
    arm: [
      { type: 'Microsoft.Storage/storageAccounts', apiVersion: STORAGE_API },
      { type: 'Microsoft.Storage/storageAccounts/blobServices', apiVersion: STORAGE_API },
      {
        type: 'Microsoft.Storage/storageAccounts/blobServices/containers',
        apiVersion: STORAGE_API,
      },
    ],
  },
  terraform: (ctx) => {
    const account = ctx.resource('azurerm_storage_account', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      account_tier: ctx.prop('tier'),
      account_replication_type: ctx.prop('replication'),
      account_kind: 'StorageV2',
      access_tier: ctx.prop('accessTier'),
      min_tls_version: 'TLS1_2',
      https_traffic_only_enabled: true,
      allow_nested_items_to_be_public: false,
      // Entra ID only: readers use their managed identity, so a leaked key or SAS is useless.
      shared_access_key_enabled: false,
      ...tfPublicAccess(ctx),
      tags: ctx.tags(),
    });
    ctx.resource('azurerm_storage_container', ctx.node.local, {
      name: ctx.prop('container'),
      storage_account_id: ref(account.address, 'id'),
      container_access_type: 'private',
    });
    ctx.output(
      'blob_endpoint',
      `Blob endpoint of ${ctx.node.name}`,
      ref(account.address, 'primary_blob_endpoint'),
    );
  },
  arm: (ctx) => {
    const account = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.Storage/storageAccounts',
      apiVersion: STORAGE_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('replication', (v) => `${ctx.value('tier')}_${String(v)}`) },
        kind: 'StorageV2',
        properties: {
          accessTier: ctx.prop('accessTier'),
          minimumTlsVersion: 'TLS1_2',
          supportsHttpsTrafficOnly: true,
          allowBlobPublicAccess: false,
          allowSharedKeyAccess: false,
          ...armPublicAccess(ctx),
        },
      },
    });
    const blob = ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Blob'),
      type: 'Microsoft.Storage/storageAccounts/blobServices',
      apiVersion: STORAGE_API,
      parent: account,
      name: 'default',
      body: {},
    });
    ctx.resource({
      symbol: ctx.symbol(ctx.node, 'Container'),
      type: 'Microsoft.Storage/storageAccounts/blobServices/containers',
      apiVersion: STORAGE_API,
      parent: blob,
      name: ctx.prop('container'),
      body: { properties: { publicAccess: 'None' } },
    });
    ctx.output(
      'blobEndpoint',
      `Blob endpoint of ${ctx.node.name}`,
      aref(account, 'properties.primaryEndpoints.blob'),
    );
  },
});

/** Flexible server SKUs: Terraform joins tier prefix and size, ARM sets them apart. */
const PG_SKUS: Readonly<Record<string, { tf: string; tier: string }>> = {
  Standard_B1ms: { tf: 'B_Standard_B1ms', tier: 'Burstable' },
  Standard_B2s: { tf: 'B_Standard_B2s', tier: 'Burstable' },
  Standard_B2ms: { tf: 'B_Standard_B2ms', tier: 'Burstable' },
  Standard_D2ds_v5: { tf: 'GP_Standard_D2ds_v5', tier: 'GeneralPurpose' },
  Standard_D4ds_v5: { tf: 'GP_Standard_D4ds_v5', tier: 'GeneralPurpose' },
  Standard_E2ds_v5: { tf: 'MO_Standard_E2ds_v5', tier: 'MemoryOptimized' },
  Standard_E4ds_v5: { tf: 'MO_Standard_E4ds_v5', tier: 'MemoryOptimized' },
};

export const azurePostgres = defineService({
  id: 'azure.postgresql-flexible',
  cloud: 'azure',
  kind: 'postgresql',
  name: 'Azure Database for PostgreSQL (flexible server)',
  category: 'databases',
  description:
    'Private PostgreSQL flexible server in a delegated subnet, with its private DNS zone and a database.',
  icon: 'azure-postgresql',
  properties: [
    enumProp('version', 'Version', ['17', '16', '15', '14'], '16'),
    enumProp('sku', 'Compute size', Object.keys(PG_SKUS), 'Standard_B1ms'),
    numProp('storageGb', 'Storage (GiB)', 32, 32, 16384),
    numProp('backupDays', 'Backup retention (days)', 7, 7, 35),
    boolProp('geoRedundantBackup', 'Geo-redundant backup', false),
    strProp('database', 'Database name', 'app'),
    strProp('adminUser', 'Admin user', 'pgadmin'),
  ],
  placement: 'subnet',
  port: 5432,
  naming: { rule: 'azure-postgres', abbreviation: 'psql' },
  emits: {
    terraform: [
      'azurerm_postgresql_flexible_server',
      'azurerm_postgresql_flexible_server_database',
      ...FLEXIBLE_SERVER_DNS_TF,
    ],
    arm: [
      { type: 'Microsoft.DBforPostgreSQL/flexibleServers', apiVersion: POSTGRES_API },
      { type: 'Microsoft.DBforPostgreSQL/flexibleServers/databases', apiVersion: POSTGRES_API },
      ...FLEXIBLE_SERVER_DNS_ARM,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const skuOf = (v: TPropertyValue) => (PG_SKUS[String(v)] ?? PG_SKUS['Standard_B1ms']!).tf;
    const { link, zone } = tfFlexibleServerDns(ctx, POSTGRES_ZONE);
    const tenant = ctx.data('azurerm_client_config', 'current', {});
    const server = ctx.resource(
      'azurerm_postgresql_flexible_server',
      local,
      {
        name: ctx.name(),
        ...placed(),
        version: ctx.prop('version'),
        sku_name: ctx.prop('sku', skuOf),
        storage_mb: ctx.prop('storageGb', (v) => Number(v) * 1024, 'storageMb'),
        backup_retention_days: ctx.prop('backupDays'),
        geo_redundant_backup_enabled: ctx.prop('geoRedundantBackup'),
        delegated_subnet_id: tfSubnetId(ctx, ctx.subnets()[0]!),
        private_dns_zone_id: ref(zone.address, 'id'),
        public_network_access_enabled: false,
        administrator_login: ctx.prop('adminUser'),
        // Write-only: never in the state (policy no-secret-in-state); raise the version to rotate.
        administrator_password_wo: tfAdminPassword(ctx),
        administrator_password_wo_version: 1,
        // Entra sign-in besides the admin's password: connected apps use their identity (data-planes.ts).
        authentication: block({
          active_directory_auth_enabled: true,
          password_auth_enabled: true,
          tenant_id: ref(tenant.address, 'tenant_id'),
        }),
        tags: ctx.tags(),
      },
      [link.address],
      // Azure places the server in a zone of its choosing, which the provider reads back but does
      // not take as computed: the next plan would move it to none, which it refuses on apply.
      { lifecycle: { ignoreChanges: ['zone'] } },
    );
    ctx.resource('azurerm_postgresql_flexible_server_database', local, {
      name: ctx.prop('database'),
      server_id: ref(server.address, 'id'),
      charset: 'UTF8',
      collation: 'en_US.utf8',
    });
    ctx.output('fqdn', `Host name of ${ctx.node.name}`, ref(server.address, 'fqdn'));
  },
  arm: (ctx) => {
    const tierOf = (v: TPropertyValue) => (PG_SKUS[String(v)] ?? PG_SKUS['Standard_B1ms']!).tier;
    const base = ctx.symbol(ctx.node);
    const { link, zone } = armFlexibleServerDns(ctx, POSTGRES_ZONE);
    const password = armAdminPassword(ctx);
    const server = ctx.resource({
      symbol: base,
      type: 'Microsoft.DBforPostgreSQL/flexibleServers',
      apiVersion: POSTGRES_API,
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
          authConfig: {
            activeDirectoryAuth: 'Enabled',
            passwordAuth: 'Enabled',
            tenantId: armFn('tenantId'),
          },
          storage: { storageSizeGB: ctx.prop('storageGb') },
          backup: {
            backupRetentionDays: ctx.prop('backupDays'),
            geoRedundantBackup: ctx.prop('geoRedundantBackup', (v) =>
              v === true ? 'Enabled' : 'Disabled',
            ),
          },
          network: {
            delegatedSubnetResourceId: armSubnetId(ctx, ctx.subnets()[0]!),
            privateDnsZoneArmResourceId: aref(zone, 'id'),
            publicNetworkAccess: 'Disabled',
          },
        },
      },
    });
    ctx.resource({
      symbol: `${base}Database`,
      type: 'Microsoft.DBforPostgreSQL/flexibleServers/databases',
      apiVersion: POSTGRES_API,
      parent: server,
      name: ctx.prop('database'),
      body: { properties: { charset: 'UTF8', collation: 'en_US.utf8' } },
    });
    ctx.output(
      'fqdn',
      `Host name of ${ctx.node.name}`,
      aref(server, 'properties.fullyQualifiedDomainName'),
    );
  },
});
