import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { completeDesign } from '../../design/complete';
import { parseDesign } from '../../design/parse';
import { validateDesign } from '../../design/validate';
import { resourceBlock, smallDesign } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * An Azure SQL server kept no audit: nobody could tell who signed in, what they ran or which
 * permissions changed. Connected to a Log Analytics workspace, it now audits there (the master
 * database's SQLSecurityAuditEvents through a diagnostic setting, the server's auditing policy on
 * Azure Monitor); without one, the design says to connect it.
 */
const design = (connected: boolean) =>
  smallDesign({
    cloud: 'azure',
    components: [
      { id: 'reports', service: 'azure.sql-database', name: 'reports', group: 'sn-1' },
      { id: 'logs', service: 'azure.log-analytics', name: 'logs' },
    ],
    connections: connected ? [{ from: 'reports', to: 'logs', type: 'data' }] : [],
  });

function generated(format: 'terraform' | 'arm' | 'bicep', connected = true) {
  const r = generate(design(connected), { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (format: 'terraform' | 'arm' | 'bicep', path: string, connected = true) =>
  generated(format, connected).files.find((f) => f.path === path)?.content ?? '';

describe('azure: an Azure SQL server audits to the Log Analytics workspace it connects to', () => {
  it('Terraform: the master database sends its audit events, and auditing targets Azure Monitor', () => {
    const main = file('terraform', 'main.tf');
    expect(resourceBlock(main, 'azurerm_monitor_diagnostic_setting', 'reports_audit')).toMatch(
      /target_resource_id\s+= "\$\{azurerm_mssql_server\.reports\.id\}\/databases\/master"\n\s+log_analytics_workspace_id = azurerm_log_analytics_workspace\.logs\.id\n\n\s+enabled_log \{\n\s+category = "SQLSecurityAuditEvents"/,
    );
    expect(resourceBlock(main, 'azurerm_mssql_server_extended_auditing_policy', 'reports')).toMatch(
      /server_id\s+= azurerm_mssql_server\.reports\.id\n\s+log_monitoring_enabled = true/,
    );
  });

  it('ARM and Bicep: auditing settings on the server, a diagnostic setting on its master database', () => {
    type TResource = { type: string; properties: Record<string, unknown> };
    const template = JSON.parse(file('arm', 'azuredeploy.json')) as { resources: TResource[] };
    const auditing = template.resources.find(
      (r) => r.type === 'Microsoft.Sql/servers/auditingSettings',
    );
    expect(auditing?.properties).toEqual({ state: 'Enabled', isAzureMonitorTargetEnabled: true });
    expect(file('arm', 'azuredeploy.json')).toContain(
      `"scope": "[resourceId('Microsoft.Sql/servers/databases', parameters('serverName'), 'master')]"`,
    );
    const module = file('bicep', 'modules/sql-audit-logs.bicep');
    expect(module).toContain(
      "resource master 'Microsoft.Sql/servers/databases@2023-08-01' existing",
    );
    expect(module).toMatch(/scope: master\n\s+name: 'audit'/);
    expect(module).toContain("category: 'SQLSecurityAuditEvents'");
    expect(file('bicep', 'main.bicep')).toContain('workspaceId: logs.id');
  });

  it('writes no auditing without a workspace, and the design says to connect one', () => {
    expect(file('terraform', 'main.tf', false)).not.toContain('auditing_policy');
    const parsed = parseDesign(design(false));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const warnings = validateDesign(completeDesign(parsed.design).design).map((i) => i.message);
    expect(warnings).toContainEqual(
      expect.stringContaining('“reports” (Azure SQL Database) keeps no audit'),
    );
    const connected = parseDesign(design(true));
    if (!connected.ok) throw new Error(JSON.stringify(connected.issues));
    expect(validateDesign(completeDesign(connected.design).design)).toEqual([]);
  });

  it('says in every README that Defender for SQL is left to the subscription, and how to turn it on', () => {
    for (const format of ['terraform', 'arm', 'bicep'] as const) {
      const readme = file(format, 'README.md');
      const section = readme.slice(readme.indexOf('## Azure SQL database users'));
      expect(section).toContain('Microsoft Defender for SQL');
      expect(section).toContain('`az security pricing create --name SqlServers --tier Standard`');
    }
  });

  it('passes the provider schemas, ARM types and security policy', async () => {
    const all = (['terraform', 'arm', 'bicep'] as const).map((f) => generated(f));
    expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
    expect(
      await checkOutput(
        all.flatMap((r) => r.files),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });
});
