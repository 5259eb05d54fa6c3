import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import {
  mainTf,
  outputBlock,
  resourceBlock,
  smallDesign,
  terraformFiles,
} from '../../testing/small-design';

/**
 * A workload connected to an Aurora DSQL cluster signs in as a database role granted to its IAM
 * role: a new cluster has `admin` only, so with dsql:DbConnect alone every connection was refused,
 * and the workload was not told which role to sign in as.
 */
describe('aws: Aurora DSQL database roles', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'fn', service: 'aws.lambda', name: 'loader' },
      { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
      { id: 'db', service: 'aws.dsql', name: 'ledger' },
    ],
    connections: [
      { from: 'fn', to: 'db', type: 'data' },
      { from: 'api', to: 'db', type: 'data' },
    ],
  });
  const files = terraformFiles(design);
  const hcl = mainTf(design);

  it('tells each workload the role it signs in as', () => {
    expect(resourceBlock(hcl, 'aws_lambda_function', 'fn')).toMatch(/DB_USER\s+= "fn"/);
    expect(resourceBlock(hcl, 'aws_ecs_task_definition', 'api')).toMatch(
      /name\s+= "DB_USER"\n\s+value = "api"/,
    );
  });

  it('outputs each role with the IAM role it is granted to', () => {
    expect(outputBlock(hcl, 'db_database_roles')).toMatch(
      /value = \{\n\s+fn\s+= aws_iam_role\.fn\.arn\n\s+api = aws_iam_role\.api_task\.arn\n/,
    );
  });

  it('says in the README how the admin creates and grants them', () => {
    const readme = files.find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('## Aurora DSQL database roles');
    expect(readme).toContain('- `ledger`: `fn` (Lambda function loader), `api` (');
    expect(readme).toContain('terraform output -json db_database_roles');
    expect(readme).toContain('AWS IAM GRANT \\(.key) TO \\u0027\\(.value)\\u0027;');
    expect(readme).toContain('generate-db-connect-admin-auth-token');
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(files)).toEqual([]);
  });
});
