import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * SQL Server's root password (the sqlserver login) can only be given as root_password, which the
 * provider keeps in the state. Before, the variable said "sqlserver password" and nothing else,
 * and every apply set it again: the state always held the live administrator password. Now
 * Terraform sets the first one only, and the variable (and so the README) says where it is kept
 * and how to change it.
 */
describe('gcp: the root password of a Cloud SQL for SQL Server instance', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'reports', service: 'gcp.cloud-sql-sqlserver', name: 'reports', group: 'sn-1' },
      { id: 'orders', service: 'gcp.cloud-sql-postgres', name: 'orders', group: 'sn-1' },
    ],
  });
  const hcl = mainTf(design);

  it('is set at creation only', () => {
    const instance = resourceBlock(hcl, 'google_sql_database_instance', 'reports');
    expect(instance).toMatch(/root_password\s+= var\.reports_root_password/);
    expect(instance).toMatch(/lifecycle \{\n\s+ignore_changes = \[root_password\]\n\s+\}/);
  });

  it('says it is kept in the state and how to change it', () => {
    const variable = hcl.slice(hcl.indexOf('variable "reports_root_password" {'));
    const description = /description = "([^"]*)"/.exec(variable)?.[1] ?? '';
    expect(description).toContain('keeps it in the Terraform state');
    expect(description).toContain('gcloud sql users set-password sqlserver');
    expect(variable).toMatch(/sensitive\s+= true/);
    const readme = terraformFiles(design).find((f) => f.path === 'README.md')?.content ?? '';
    expect(readme).toContain(`\`TF_VAR_reports_root_password\` (secret): ${description}`);
  });

  it('is asked of SQL Server only', () => {
    const postgres = resourceBlock(hcl, 'google_sql_database_instance', 'orders');
    expect(postgres).not.toContain('root_password');
    expect(hcl).not.toContain('orders_root_password');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
