import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, armFn, atpl } from '../../ir/arm-ir';
import { ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { KUSTO_API } from './data-explorer';
import { COSMOS_API } from './databases';
import { rgName } from './shared';

/** A managed identity: its object (principal) id and the name Entra ID knows it by. */
export interface TTfPrincipal {
  readonly id: TTfValue;
  readonly name: TTfValue;
}

/**
 * Data planes that Azure RBAC does not reach: Cosmos DB (NoSQL) with local keys off takes its
 * own SQL role assignments, Data Explorer its database principal assignments. Without them a
 * connected workload's identity is refused although the connection is drawn.
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

/** By target service id: a data connection to one of these writes its data plane's grants. */
export const DATA_PLANES: Readonly<Record<string, TDataPlane>> = {
  'azure.cosmos-db': cosmos,
  'azure.data-explorer': kusto,
};

/** What a principal's data connections may write besides Azure role assignments (`emits`). */
export const DATA_PLANE_TERRAFORM = [
  'azurerm_cosmosdb_sql_role_assignment',
  'azurerm_kusto_database_principal_assignment',
] as const;
export const DATA_PLANE_ARM = [
  { type: 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments', apiVersion: COSMOS_API },
  { type: 'Microsoft.Kusto/clusters/databases/principalAssignments', apiVersion: KUSTO_API },
] as const;
