import type { TArmBuildContext, TNode, TTfBuildContext } from '../service';
import { aref, DEPLOYMENTS_API, param, type TArmModel, type TArmResource } from '../../ir/arm-ir';
import { block, ref, tpl } from '../../ir/terraform-ir';

/**
 * Auditing of an Azure SQL server (sql-database.ts) to the Log Analytics workspace it has a data
 * connection to: the server's audit (sign-ins, failed ones, permission and schema changes, the
 * statements run) is the `SQLSecurityAuditEvents` log of its master database, which a diagnostic
 * setting of that database sends to the workspace once the server's auditing policy targets Azure
 * Monitor. Without it nobody could tell who read or changed the data (Microsoft cloud security
 * benchmark LT-3, Checkov CKV_AZURE_23).
 * https://learn.microsoft.com/azure/azure-sql/database/auditing-setup
 */
/** As the server's (sql-database.ts). */
export const SQL_AUDIT_API = '2023-08-01';
/** The newest stable diagnostic settings API (the later ones are previews). */
export const DIAGNOSTIC_SETTINGS_API = '2016-09-01';
const AUDIT_CATEGORY = 'SQLSecurityAuditEvents';
const SETTING_NAME = 'audit';

/** The Log Analytics workspace the server audits to, if it has a data connection to one. */
export const auditWorkspaceOf = (ctx: TTfBuildContext | TArmBuildContext): TNode | undefined =>
  ctx.outgoing('data').find((e) => e.node.service.id === 'azure.log-analytics')?.node;

export function tfSqlAudit(ctx: TTfBuildContext, serverAddress: string): void {
  const workspace = auditWorkspaceOf(ctx);
  if (!workspace) return;
  const setting = ctx.resource('azurerm_monitor_diagnostic_setting', `${ctx.node.local}_audit`, {
    name: SETTING_NAME,
    target_resource_id: tpl(ref(serverAddress, 'id'), '/databases/master'),
    log_analytics_workspace_id: ref(
      ctx.address(workspace, 'azurerm_log_analytics_workspace'),
      'id',
    ),
    enabled_log: block({ category: AUDIT_CATEGORY }),
  });
  // Turned on once its events have somewhere to go.
  ctx.resource(
    'azurerm_mssql_server_extended_auditing_policy',
    ctx.node.local,
    { server_id: ref(serverAddress, 'id'), log_monitoring_enabled: true },
    [setting.address],
  );
}

/**
 * The master database is the server's own (ARM deploys no resource for it): the diagnostic
 * setting takes it as its scope in a nested deployment that declares it `existing`, as the build
 * declares no existing resource of its own.
 */
const auditLogsTemplate = (server: TNode): TArmModel => {
  const common = { node: server.id, kind: server.service.kind, body: {}, existing: true } as const;
  const existingServer: TArmResource = {
    ...common,
    symbol: 'server',
    type: 'Microsoft.Sql/servers',
    apiVersion: SQL_AUDIT_API,
    name: param('serverName'),
  };
  const master: TArmResource = {
    ...common,
    symbol: 'master',
    type: 'Microsoft.Sql/servers/databases',
    apiVersion: SQL_AUDIT_API,
    parent: existingServer.symbol,
    name: 'master',
  };
  const setting: TArmResource = {
    symbol: 'auditLogs',
    type: 'Microsoft.Insights/diagnosticSettings',
    apiVersion: DIAGNOSTIC_SETTINGS_API,
    scope: master.symbol,
    name: SETTING_NAME,
    body: {
      properties: {
        workspaceId: param('workspaceId'),
        logs: [{ category: AUDIT_CATEGORY, enabled: true }],
      },
    },
    node: server.id,
    kind: server.service.kind,
  };
  return {
    parameters: [
      { name: 'serverName', type: 'string', description: 'Name of the Azure SQL server.' },
      {
        name: 'workspaceId',
        type: 'string',
        description: 'Resource id of the Log Analytics workspace the audit goes to.',
      },
    ],
    resources: [existingServer, master, setting],
    outputs: [],
  };
};

export function armSqlAudit(ctx: TArmBuildContext, server: string): void {
  const workspace = auditWorkspaceOf(ctx);
  if (!workspace) return;
  const logs = ctx.resource({
    symbol: `${server}AuditLogs`,
    type: 'Microsoft.Resources/deployments',
    apiVersion: DEPLOYMENTS_API,
    name: `${ctx.node.local}-audit-logs`.replace(/_/g, '-'),
    body: {
      properties: {
        mode: 'Incremental',
        expressionEvaluationOptions: { scope: 'inner' },
        parameters: {
          serverName: { value: aref(server, 'name') },
          workspaceId: { value: aref(ctx.symbol(workspace), 'id') },
        },
      },
    },
    template: { file: 'sql-audit-logs', model: auditLogsTemplate(ctx.node) },
  });
  ctx.resource({
    symbol: `${server}Auditing`,
    type: 'Microsoft.Sql/servers/auditingSettings',
    apiVersion: SQL_AUDIT_API,
    parent: server,
    name: 'default',
    body: { properties: { state: 'Enabled', isAzureMonitorTargetEnabled: true } },
    dependsOn: [logs],
  });
}
