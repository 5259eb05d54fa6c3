import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Cloud SQL instance carries the CIS database flags of its engine. Before, it had none, and
 * tfsec and Checkov failed every instance on the engine defaults: PostgreSQL logged no
 * connections, lock waits or temporary files; MySQL let clients have the server read their files
 * (LOAD DATA LOCAL); SQL Server allowed cross-database ownership chains and contained users.
 */
describe('gcp: Cloud SQL instances are created with the CIS database flags of their engine', () => {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'pg', service: 'gcp.cloud-sql-postgres', name: 'orders', group: 'sn-1' },
      { id: 'my', service: 'gcp.cloud-sql-mysql', name: 'shop', group: 'sn-1' },
      { id: 'ms', service: 'gcp.cloud-sql-sqlserver', name: 'reports', group: 'sn-1' },
    ],
  });
  const hcl = mainTf(design);
  const flagsOf = (local: string) =>
    [
      ...resourceBlock(hcl, 'google_sql_database_instance', local).matchAll(
        /database_flags \{\s*name\s+= "([^"]+)"\s*value = "([^"]*)"\s*\}/g,
      ),
    ].map(([, name, value]) => `${name}=${value}`);

  it('logs PostgreSQL connections, disconnections, checkpoints, lock waits and temporary files', () => {
    expect(flagsOf('pg')).toEqual([
      'log_checkpoints=on',
      'log_connections=on',
      'log_disconnections=on',
      'log_lock_waits=on',
      'log_temp_files=0',
    ]);
  });

  it('turns MySQL local_infile off and hides databases from users not granted them', () => {
    expect(flagsOf('my')).toEqual(['local_infile=off', 'skip_show_database=on']);
  });

  it('turns SQL Server cross-database ownership chaining and contained users off', () => {
    expect(flagsOf('ms')).toEqual([
      'cross db ownership chaining=off',
      'contained database authentication=off',
    ]);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
