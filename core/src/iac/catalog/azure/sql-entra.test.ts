import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { resourceBlock, smallDesign } from '../../testing/small-design';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';

/**
 * An Azure SQL server took SQL authentication only, and its connected workloads were told its
 * host and database but no user: they could not sign in. The server now takes Microsoft Entra
 * sign-in, an Entra group given per environment is its administrator, each workload is told the
 * user it signs in as (its managed identity), and the README has the T-SQL creating those users.
 */
const design = smallDesign({
  cloud: 'azure',
  components: [
    { id: 'api', service: 'azure.function-app', name: 'api' },
    { id: 'k8s', service: 'azure.aks', name: 'apps', group: 'sn-0' },
    { id: 'reports-db', service: 'azure.sql-database', name: 'reports', group: 'sn-1' },
  ],
  connections: [
    { from: 'api', to: 'reports-db', type: 'data' },
    { from: 'k8s', to: 'reports-db', type: 'data' },
  ],
});

function generated(format: 'terraform' | 'arm' | 'bicep') {
  const r = generate(design, { format, layout: 'single', readme: true, ci: true });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r;
}
const file = (format: 'terraform' | 'arm' | 'bicep', path: string) =>
  generated(format).files.find((f) => f.path === path)!.content;

type TArmResource = { type: string; properties: Record<string, unknown> };

/** The identities the workloads sign in as, per environment. */
const USERS = {
  dev: ['acme-shop-dev-func-api', 'acme-shop-dev-aks-apps-workload'],
  prod: ['acme-shop-prod-func-api', 'acme-shop-prod-aks-apps-workload'],
};

describe('a workload connected to Azure SQL signs in with its managed identity', () => {
  it('Terraform: an Entra group is the server administrator, and the admin login stays', () => {
    const main = file('terraform', 'main.tf');
    const server = resourceBlock(main, 'azurerm_mssql_server', 'reports_db');
    expect(server).toContain('administrator_login_password_wo ');
    expect(server).toMatch(
      /azuread_administrator \{\n\s+login_username\s+= "entra-admins"\n\s+object_id\s+= var\.reports_db_admin_group_id\n\s+tenant_id\s+= data\.azurerm_client_config\.current\.tenant_id\n\s+azuread_authentication_only = false\n\s+\}/,
    );
    // Required: no default, so a plan stops without it instead of leaving the server without one.
    const variable = /variable "reports_db_admin_group_id" \{\n[\s\S]*?\n\}\n/.exec(main)![0];
    expect(variable).not.toContain('default');
    expect(variable).toContain('condition     = can(regex("^[0-9a-fA-F]{8}-');
    expect(file('terraform', '.github/workflows/terraform.yml')).toContain(
      'TF_VAR_reports_db_admin_group_id: ${{ vars.REPORTS_DB_ADMIN_GROUP_ID_PROD }}',
    );
  });

  it('Terraform: each workload is told the user it signs in as, beside host and database', () => {
    const main = file('terraform', 'main.tf');
    const app = resourceBlock(main, 'azurerm_linux_function_app', 'api');
    expect(app).toContain('REPORTS_DB_USER     = "acme-shop-${var.environment}-func-api"');
    expect(app).toContain('REPORTS_DB_HOST ');
    expect(main).toContain(
      'REPORTS_DB_USER     = "acme-shop-${var.environment}-aks-apps-workload"',
    );
  });

  it('ARM: the same administrator, from a parameter without a default, and the same settings', () => {
    const template = JSON.parse(file('arm', 'azuredeploy.json')) as {
      parameters: Record<string, { type: string; defaultValue?: unknown }>;
      resources: TArmResource[];
    };
    expect(template.parameters['reportsDbAdminGroupId']).toEqual({
      type: 'securestring',
      metadata: { description: expect.stringContaining('Microsoft Entra group') },
    });
    const server = template.resources.find((r) => r.type === 'Microsoft.Sql/servers')!;
    expect(server.properties['administratorLogin']).toBe('sqladmin');
    expect(server.properties['administrators']).toEqual({
      administratorType: 'ActiveDirectory',
      principalType: 'Group',
      login: 'entra-admins',
      sid: "[parameters('reportsDbAdminGroupId')]",
      tenantId: '[subscription().tenantId]',
      azureADOnlyAuthentication: false,
    });
    const site = template.resources.find((r) => r.type === 'Microsoft.Web/sites')!.properties as {
      siteConfig: { appSettings: { name: string; value: string }[] };
    };
    expect(site.siteConfig.appSettings).toContainEqual({
      name: 'REPORTS_DB_USER',
      value: "[format('acme-shop-{0}-func-api', parameters('environment'))]",
    });
  });

  it('Bicep: the group comes from the environment of each deployment', () => {
    const main = file('bicep', 'main.bicep');
    expect(main).toContain('sid: reportsDbAdminGroupId');
    expect(main).toContain("REPORTS_DB_USER: 'acme-shop-${environment}-aks-apps-workload'");
    for (const env of ['dev', 'prod'])
      expect(file('bicep', `main.${env}.bicepparam`)).toContain(
        "param reportsDbAdminGroupId = readEnvironmentVariable('REPORTS_DB_ADMIN_GROUP_ID')",
      );
  });

  it("every README names the group's input and the T-SQL creating each workload's user", () => {
    for (const [format, input] of [
      ['terraform', 'TF_VAR_reports_db_admin_group_id'],
      ['bicep', 'REPORTS_DB_ADMIN_GROUP_ID'],
      ['arm', 'REPORTS_DB_ADMIN_GROUP_ID'],
    ] as const) {
      const readme = file(format, 'README.md');
      const section = readme.slice(readme.indexOf('## Azure SQL database users'));
      expect(section).toContain(`- \`reports\`: \`${input}\``);
      expect(section).toContain('REPORTS_DB_USER');
      for (const [env, users] of Object.entries(USERS)) {
        const sql = new RegExp(`\\n${env}:\\n\\n\`\`\`sql\\n([\\s\\S]*?)\`\`\``).exec(section)![1]!;
        expect(sql).toBe(
          [
            `-- reports: acme-shop-${env}-sql-reports.database.windows.net, database app`,
            ...users.flatMap((u) => [
              `CREATE USER [${u}] FROM EXTERNAL PROVIDER;`,
              `ALTER ROLE db_datareader ADD MEMBER [${u}];`,
              `ALTER ROLE db_datawriter ADD MEMBER [${u}];`,
            ]),
            '',
          ].join('\n'),
        );
      }
    }
  });

  it('passes the provider schemas, ARM types and security policy', async () => {
    const all = (['terraform', 'arm', 'bicep'] as const).map(generated);
    expect(all.flatMap((r) => r.policy.filter((p) => !p.exempted))).toEqual([]);
    expect(
      await checkOutput(
        all.flatMap((r) => r.files),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });
});
