import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { aref, armFn, DEPLOYMENTS_API } from '../../ir/arm-ir';
import { block, call, ref, tfVar } from '../../ir/terraform-ir';
import {
  armLocation,
  armPrivateEndpoint,
  ENTRA_OBJECT_ID,
  placed,
  PRIVATE_ENDPOINT_TF,
  PRIVATE_ENDPOINT_TYPES,
  tfPrivateEndpoint,
} from './shared';
import { armSqlAudit, DIAGNOSTIC_SETTINGS_API, SQL_AUDIT_API, tfSqlAudit } from './sql-audit';

/** Azure SQL Database: a logical SQL server with one database. */
const SQL_API = '2023-08-01';
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

/**
 * Microsoft Entra authentication: the server's Entra administrator is a group, an input per
 * environment (as AKS's admin group), whose members create each connected workload's database
 * user once (README 'Azure SQL database users', readme-sql.ts); a workload signs in as its
 * managed identity, the user its settings name (`<DB>_USER`), with a token. Azure SQL takes one
 * Entra administrator, so the workloads cannot each be one as with PostgreSQL (data-planes.ts).
 *
 * SQL authentication stays on beside it (`azuread_authentication_only` and
 * `azureADOnlyAuthentication` false), as PostgreSQL keeps its password: servers already deployed
 * from a design keep the admin login their migrations and tools sign in with, and it is the way
 * in if the group is wrong or empty. Entra-only would also not converge alike: ARM changes it on
 * an existing server only through its own child resource (`azureADOnlyAuthentications`), not the
 * server's `administrators`. The password is write-only and never in the state.
 * https://learn.microsoft.com/azure/azure-sql/database/authentication-aad-configure
 */
const entraAdminDescription = (name: string) =>
  `Object id of the Microsoft Entra group whose members administer Azure SQL server ${name} (its Microsoft Entra administrator: they create the database users of the workloads connected to it)`;
/** The name SQL shows for the administrator; Azure identifies it by its object id (`sid`). */
const ENTRA_ADMIN_LOGIN = 'entra-admins';

export const azureSqlDatabase = defineService({
  id: 'azure.sql-database',
  cloud: 'azure',
  kind: 'sqlserver',
  name: 'Azure SQL Database',
  category: 'databases',
  description:
    'Logical SQL server without public access, one database, and a private endpoint in its subnet. Microsoft Entra sign-in: the admin group you give per environment administers it.',
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
    terraform: [
      'azurerm_mssql_server',
      'azurerm_mssql_database',
      'azurerm_mssql_server_extended_auditing_policy',
      'azurerm_monitor_diagnostic_setting',
      ...PRIVATE_ENDPOINT_TF,
    ],
    arm: [
      { type: 'Microsoft.Sql/servers', apiVersion: SQL_API },
      { type: 'Microsoft.Sql/servers/databases', apiVersion: SQL_API },
      { type: 'Microsoft.Sql/servers/auditingSettings', apiVersion: SQL_AUDIT_API },
      { type: 'Microsoft.Resources/deployments', apiVersion: DEPLOYMENTS_API },
      { type: 'Microsoft.Insights/diagnosticSettings', apiVersion: DIAGNOSTIC_SETTINGS_API },
      ...PRIVATE_ENDPOINT_TYPES,
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const tenant = ctx.data('azurerm_client_config', 'current', {});
    const adminGroup = `${local}_admin_group_id`;
    const admins = ctx.variable({
      name: adminGroup,
      type: 'string',
      description: `${entraAdminDescription(ctx.node.name)} (set TF_VAR_${adminGroup}).`,
      validation: {
        condition: call('can', call('regex', `^${ENTRA_OBJECT_ID}$`, tfVar(adminGroup))),
        errorMessage: 'The admin group is the object id (a GUID) of a Microsoft Entra group.',
      },
    });
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
      azuread_administrator: block({
        login_username: ENTRA_ADMIN_LOGIN,
        object_id: admins,
        tenant_id: ref(tenant.address, 'tenant_id'),
        azuread_authentication_only: false,
      }),
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
    tfSqlAudit(ctx, server.address);
    ctx.output(
      'fqdn',
      `Host name of ${ctx.node.name}`,
      ref(server.address, 'fully_qualified_domain_name'),
    );
  },
  arm: (ctx) => {
    const base = ctx.symbol(ctx.node);
    // Not a secret, but given at deployment like AKS's admin group (aks.ts): the parameters
    // files hold only the design's values, and a value they lack must be a secure parameter.
    const admins = ctx.parameter({
      name: `${base}AdminGroupId`,
      type: 'string',
      secure: true,
      description: `${entraAdminDescription(ctx.node.name)}.`,
      envVar: `${ctx.node.local.toUpperCase()}_ADMIN_GROUP_ID`,
    });
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
          administrators: {
            administratorType: 'ActiveDirectory',
            principalType: 'Group',
            login: ENTRA_ADMIN_LOGIN,
            sid: admins,
            tenantId: armFn('tenantId'),
            azureADOnlyAuthentication: false,
          },
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
    armSqlAudit(ctx, server);
    ctx.output(
      'fqdn',
      `Host name of ${ctx.node.name}`,
      aref(server, 'properties.fullyQualifiedDomainName'),
    );
  },
});
