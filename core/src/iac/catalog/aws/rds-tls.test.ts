import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * RDS refuses connections without TLS: the defaults of MySQL and SQL Server, and PostgreSQL's
 * before 15, allow them.
 */
const design = (service: string, properties: Record<string, unknown> = {}) =>
  smallDesign({
    cloud: 'aws',
    components: [{ id: 'db', service, name: 'orders', group: 'sn-0', properties }],
    connections: [{ from: 'db', to: 'sn-1', type: 'placement' }],
  });

describe('aws: RDS connections over TLS only', () => {
  it('PostgreSQL: rds.force_ssl in a group of its major version, which the instance uses', () => {
    const hcl = mainTf(design('aws.rds-postgresql', { version: '14' }));
    const group = resourceBlock(hcl, 'aws_db_parameter_group', 'db');
    expect(group).toMatch(/family\s+= "postgres14"/);
    expect(group).toMatch(/name\s+= "rds\.force_ssl"\n\s+value = "1"/);
    expect(group).toMatch(/create_before_destroy = true/);
    expect(resourceBlock(hcl, 'aws_db_instance', 'db')).toMatch(
      /parameter_group_name\s+= aws_db_parameter_group\.db\.name/,
    );
  });

  it('MySQL: require_secure_transport, the group named after its version', () => {
    const group = resourceBlock(
      mainTf(design('aws.rds-mysql', { version: '8.0' })),
      'aws_db_parameter_group',
      'db',
    );
    expect(group).toMatch(/name\s+= "acme-shop-\$\{var\.environment\}-mysql-orders-tls-mysql8-0"/);
    expect(group).toMatch(/family\s+= "mysql8\.0"/);
    expect(group).toMatch(/name\s+= "require_secure_transport"\n\s+value = "1"/);
  });

  it('follows a version that differs between environments', () => {
    const d = design('aws.rds-mysql');
    const perEnv = {
      ...d,
      environments: [{ name: 'dev', overrides: { db: { version: '8.0' } } }, { name: 'prod' }],
    };
    const group = resourceBlock(mainTf(perEnv), 'aws_db_parameter_group', 'db');
    expect(group).toMatch(/family\s+= "mysql\$\{var\.db_version\}"/);
    expect(group).toContain('tls-${replace("mysql${var.db_version}", ".", "-")}"');
  });

  it('SQL Server: rds.force_ssl at the next reboot, in the family of its edition and major version', () => {
    const hcl = mainTf(design('aws.rds-sqlserver', { engine: 'sqlserver-se', version: '15.00' }));
    const group = resourceBlock(hcl, 'aws_db_parameter_group', 'db');
    expect(group).toMatch(/family\s+= "sqlserver-se-15\.0"/);
    expect(group).toMatch(
      /name\s+= "rds\.force_ssl"\n\s+value\s+= "1"\n\s+apply_method = "pending-reboot"/,
    );
    expect(resourceBlock(hcl, 'aws_db_instance', 'db')).toMatch(/engine_version\s+= "15\.00"/);
  });

  it('passes the schema check', async () => {
    for (const service of ['aws.rds-postgresql', 'aws.rds-mysql', 'aws.rds-sqlserver'])
      expect(await checkOutput(terraformFiles(design(service)))).toEqual([]);
  });
});
