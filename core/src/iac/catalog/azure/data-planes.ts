import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import {
  aref,
  armFn,
  atpl,
  DEPLOYMENTS_API,
  param,
  type TArmModel,
  type TArmResource,
} from '../../ir/arm-ir';
import { call, obj, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { KUSTO_API } from './data-explorer';
import { POSTGRES_API } from './data';
import { COSMOS_API } from './cosmos-db';
import { REDIS_API } from './managed-redis';
import { rgName } from './shared';

/** A managed identity: its object (principal) id and the name Entra ID knows it by. */
export interface TTfPrincipal {
  readonly id: TTfValue;
  readonly name: TTfValue;
}

/**
 * Data planes that Azure RBAC does not reach: Cosmos DB (NoSQL) with local keys off takes its
 * own SQL role assignments, Data Explorer its database principal assignments, PostgreSQL flexible
 * server its Microsoft Entra administrators. Without them a connected workload's identity is
 * refused although the connection is drawn.
 * https://learn.microsoft.com/azure/cosmos-db/nosql/security/how-to-grant-data-plane-role-based-access
 * https://learn.microsoft.com/kusto/management/access-control/role-based-access-control
 */
interface TDataPlane {
  tf(ctx: TTfBuildContext, target: TNode, principal: TTfPrincipal): string[];
  arm(
    ctx: TArmBuildContext,
    target: TNode,
    principalSymbol: string,
    principalPath: string,
  ): string[];
}

/** Cosmos DB Built-in Data Contributor: read and write items, no account management. */
const COSMOS_DATA_CONTRIBUTOR = '00000000-0000-0000-0000-000000000002';
/** Query (User) and ingest (Ingestor): what an application that reads and writes needs. */
const KUSTO_ROLES = ['User', 'Ingestor'] as const;

const cap = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;
const assignmentName = (ctx: { node: TNode }, role: string) =>
  `${ctx.node.local.replace(/_/g, '-')}-${role.toLowerCase()}`;

const cosmos: TDataPlane = {
  tf: (ctx, target, principal) => {
    const account = ctx.address(target, 'azurerm_cosmosdb_account');
    const local = `${ctx.node.local}_${target.local}_1`;
    const assignment = ctx.resource('azurerm_cosmosdb_sql_role_assignment', local, {
      resource_group_name: rgName(),
      account_name: ref(account, 'name'),
      role_definition_id: tpl(ref(account, 'id'), `/sqlRoleDefinitions/${COSMOS_DATA_CONTRIBUTOR}`),
      principal_id: principal.id,
      scope: ref(account, 'id'),
    });
    return [assignment.address];
  },
  arm: (ctx, target, principalSymbol, principalPath) => {
    const account = ctx.symbol(target);
    const symbol = ctx.resource({
      symbol: `${principalSymbol}${cap(account)}Data1`,
      type: 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments',
      apiVersion: COSMOS_API,
      parent: account,
      name: armFn(
        'guid',
        aref(account, 'id'),
        aref(principalSymbol, 'id'),
        COSMOS_DATA_CONTRIBUTOR,
      ),
      body: {
        properties: {
          roleDefinitionId: atpl(
            aref(account, 'id'),
            `/sqlRoleDefinitions/${COSMOS_DATA_CONTRIBUTOR}`,
          ),
          principalId: aref(principalSymbol, principalPath),
          scope: aref(account, 'id'),
        },
      },
    });
    return [symbol];
  },
};

const kusto: TDataPlane = {
  tf: (ctx, target, principal) => {
    const tenant = ctx.data('azurerm_client_config', 'current', {});
    return KUSTO_ROLES.map(
      (role, i) =>
        ctx.resource(
          'azurerm_kusto_database_principal_assignment',
          `${ctx.node.local}_${target.local}_${i + 1}`,
          {
            name: assignmentName(ctx, role),
            resource_group_name: rgName(),
            cluster_name: ref(ctx.address(target, 'azurerm_kusto_cluster'), 'name'),
            database_name: ref(ctx.address(target, 'azurerm_kusto_database'), 'name'),
            tenant_id: ref(tenant.address, 'tenant_id'),
            principal_id: principal.id,
            principal_type: 'App',
            role,
          },
        ).address,
    );
  },
  arm: (ctx, target, principalSymbol, principalPath) => {
    const database = `${ctx.symbol(target)}Database`;
    return KUSTO_ROLES.map((role, i) =>
      ctx.resource({
        symbol: `${principalSymbol}${cap(database)}Data${i + 1}`,
        type: 'Microsoft.Kusto/clusters/databases/principalAssignments',
        apiVersion: KUSTO_API,
        parent: database,
        name: assignmentName(ctx, role),
        body: {
          properties: {
            principalId: aref(principalSymbol, principalPath),
            principalType: 'App',
            role,
            tenantId: armFn('tenantId'),
          },
        },
      }),
    );
  },
};

const POSTGRES_ADMIN_TYPE = 'Microsoft.DBforPostgreSQL/flexibleServers/administrators';

/** The nested deployment's template: one administrator, named by the object id it is given. */
const postgresAdminTemplate = (target: TNode): TArmModel => {
  // The server, deployed by the outer template, as the administrator's parent.
  const server: TArmResource = {
    symbol: 'server',
    type: 'Microsoft.DBforPostgreSQL/flexibleServers',
    apiVersion: POSTGRES_API,
    name: param('serverName'),
    body: {},
    existing: true,
    node: target.id,
    kind: target.service.kind,
  };
  const administrator: TArmResource = {
    symbol: 'administrator',
    type: POSTGRES_ADMIN_TYPE,
    apiVersion: POSTGRES_API,
    parent: server.symbol,
    name: param('objectId'),
    body: {
      properties: {
        principalType: 'ServicePrincipal',
        principalName: param('principalName'),
        tenantId: armFn('tenantId'),
      },
    },
    node: target.id,
    kind: target.service.kind,
  };
  const text = (name: string, description: string) =>
    ({ name, type: 'string', description }) as const;
  return {
    parameters: [
      text('serverName', 'Name of the PostgreSQL flexible server.'),
      text('objectId', 'Object (principal) id of the managed identity.'),
      text('principalName', 'Name of the managed identity in Microsoft Entra ID.'),
    ],
    resources: [server, administrator],
    outputs: [],
  };
};

/**
 * PostgreSQL flexible server (Entra authentication on, data.ts): the identity becomes one of the
 * server's Microsoft Entra administrators, so it signs in as its own name with a token. That is
 * administrator rights on the server (azure_pg_admin), as AWS gives a connected workload the RDS
 * master secret: Azure has no data-plane role to grant instead. To narrow it, an administrator
 * runs `select * from pgaadauth_create_principal('<identity name>', false, false)`, grants that
 * role only what the app needs, and the identity stops being an administrator.
 * https://learn.microsoft.com/azure/postgresql/flexible-server/how-to-manage-azure-ad-users
 *
 * ARM names the administrator by the identity's object id, known only once the app exists, and
 * neither ARM nor Bicep takes a runtime value in a resource name (Bicep BCP120): a nested
 * deployment (a Bicep module) takes the id as a parameter, after the server and the app.
 */
const postgres: TDataPlane = {
  tf: (ctx, target, principal) => {
    const tenant = ctx.data('azurerm_client_config', 'current', {});
    const server = ctx.address(target, 'azurerm_postgresql_flexible_server');
    const admin = ctx.resource(
      'azurerm_postgresql_flexible_server_active_directory_administrator',
      `${ctx.node.local}_${target.local}_1`,
      {
        server_name: ref(server, 'name'),
        resource_group_name: rgName(),
        tenant_id: ref(tenant.address, 'tenant_id'),
        object_id: principal.id,
        principal_name: principal.name,
        principal_type: 'ServicePrincipal',
      },
    );
    return [admin.address];
  },
  arm: (ctx, target, principalSymbol, principalPath) => {
    const server = ctx.symbol(target);
    const own = `${principalSymbol}${cap(server)}Admin`;
    // The server takes one administrator change at a time (azurerm locks the server for the
    // same reason): each deployment waits for the one before it.
    const before = ctx.oneAtATime(`${server}/administrators`, own);
    const symbol = ctx.resource({
      symbol: own,
      type: 'Microsoft.Resources/deployments',
      apiVersion: DEPLOYMENTS_API,
      name: `${ctx.node.local}-${target.local}-entra-admin`.replace(/_/g, '-'),
      body: {
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          parameters: {
            serverName: { value: aref(server, 'name') },
            objectId: { value: aref(principalSymbol, principalPath) },
            principalName: { value: aref(principalSymbol, 'name') },
          },
        },
      },
      // The server is up (referenced above): ARM lists it in dependsOn, Bicep infers it.
      ...(before.length > 0 ? { dependsOn: before } : {}),
      template: { file: 'postgresql-entra-admin', model: postgresAdminTemplate(target) },
    });
    return [symbol];
  },
};

const REDIS_ASSIGNMENT_TYPE = 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments';
/** An access policy assignment's name: letters and digits, 60 at most (ARM's pattern). */
const redisAssignmentName = (ctx: { node: TNode }) =>
  ctx.node.local.replace(/[^A-Za-z0-9]/g, '').slice(0, 60) || 'app';

/**
 * Azure Managed Redis signs clients in with Microsoft Entra ID (its default; access keys stay
 * off): the identity gets an access policy assignment of the `default` policy (data owner, the
 * only one offered) on the cluster's default database, and signs in as its object id with a
 * token. The database takes one assignment change at a time, so assignments wait for each other.
 * hashicorp/azurerm 4.51.0 has no resource for it: Terraform deploys the ARM resource through a
 * template deployment (`azurerm_resource_group_template_deployment`), which deletes it again on
 * destroy.
 * https://learn.microsoft.com/azure/redis/entra-for-authentication
 */
const managedRedis: TDataPlane = {
  tf: (ctx, target, principal) => {
    const local = `${ctx.node.local}_${target.local}_1`;
    const address = `azurerm_resource_group_template_deployment.${local}`;
    const before = ctx.oneAtATime(`${target.id}/accessPolicyAssignments`, address);
    const text = { type: 'string' };
    const deployment = ctx.resource(
      'azurerm_resource_group_template_deployment',
      local,
      {
        name: `${ctx.node.local}-${target.local}-redis-access`.replace(/_/g, '-'),
        resource_group_name: rgName(),
        deployment_mode: 'Incremental',
        tags: ctx.tags(),
        template_content: call(
          'jsonencode',
          obj({
            $schema:
              'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            parameters: obj({ clusterName: obj(text), objectId: obj(text) }),
            resources: [
              obj({
                type: REDIS_ASSIGNMENT_TYPE,
                apiVersion: REDIS_API,
                name: `[format('{0}/default/{1}', parameters('clusterName'), '${redisAssignmentName(ctx)}')]`,
                properties: obj({
                  accessPolicyName: 'default',
                  user: obj({ objectId: "[parameters('objectId')]" }),
                }),
              }),
            ],
          }),
        ),
        parameters_content: call(
          'jsonencode',
          obj({
            clusterName: obj({ value: ref(ctx.address(target, 'azurerm_managed_redis'), 'name') }),
            objectId: obj({ value: principal.id }),
          }),
        ),
      },
      before,
    );
    return [deployment.address];
  },
  arm: (ctx, target, principalSymbol, principalPath) => {
    const database = `${ctx.symbol(target)}Database`;
    const own = `${principalSymbol}${cap(database)}Access`;
    const before = ctx.oneAtATime(`${database}/accessPolicyAssignments`, own);
    const symbol = ctx.resource({
      symbol: own,
      type: REDIS_ASSIGNMENT_TYPE,
      apiVersion: REDIS_API,
      parent: database,
      name: redisAssignmentName(ctx),
      body: {
        properties: {
          accessPolicyName: 'default',
          user: { objectId: aref(principalSymbol, principalPath) },
        },
      },
      ...(before.length > 0 ? { dependsOn: before } : {}),
    });
    return [symbol];
  },
};

/** By target service id: a data connection to one of these writes its data plane's grants. */
export const DATA_PLANES: Readonly<Record<string, TDataPlane>> = {
  'azure.cosmos-db': cosmos,
  'azure.data-explorer': kusto,
  'azure.postgresql-flexible': postgres,
  'azure.managed-redis': managedRedis,
};

/** What a principal's data connections may write besides Azure role assignments (`emits`). */
export const DATA_PLANE_TERRAFORM = [
  'azurerm_cosmosdb_sql_role_assignment',
  'azurerm_kusto_database_principal_assignment',
  'azurerm_postgresql_flexible_server_active_directory_administrator',
  'azurerm_resource_group_template_deployment',
] as const;
export const DATA_PLANE_ARM = [
  { type: 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments', apiVersion: COSMOS_API },
  { type: 'Microsoft.Kusto/clusters/databases/principalAssignments', apiVersion: KUSTO_API },
  { type: 'Microsoft.Resources/deployments', apiVersion: DEPLOYMENTS_API },
  { type: POSTGRES_ADMIN_TYPE, apiVersion: POSTGRES_API },
  { type: REDIS_ASSIGNMENT_TYPE, apiVersion: REDIS_API },
] as const;
