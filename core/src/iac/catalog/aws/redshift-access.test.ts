import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A workload with a data connection to a Redshift cluster is told where it is and may read the
 * admin secret Redshift manages (`manage_master_password`), as with RDS and DocumentDB: without
 * them its security group rule leads to a cluster it can neither find nor sign in to.
 */
describe('aws: workloads reading a Redshift cluster', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'fn', service: 'aws.lambda', name: 'fn', group: 'sn-0' },
      { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
      { id: 'dw', service: 'aws.redshift', name: 'dw', group: 'sn-0' },
    ],
    connections: [
      { from: 'fn', to: 'dw', type: 'data' },
      { from: 'api', to: 'dw', type: 'data' },
    ],
  });
  const hcl = mainTf(design);

  it('tells them its host, port and admin secret', () => {
    const fn = resourceBlock(hcl, 'aws_lambda_function', 'fn');
    expect(fn).toMatch(/DW_HOST\s+= aws_redshift_cluster\.dw\.dns_name/);
    expect(fn).toMatch(/DW_PORT\s+= aws_redshift_cluster\.dw\.port/);
    expect(fn).toMatch(/DW_SECRET_ARN\s+= aws_redshift_cluster\.dw\.master_password_secret_arn/);
    const task = resourceBlock(hcl, 'aws_ecs_task_definition', 'api');
    expect(task).toMatch(/value = tostring\(aws_redshift_cluster\.dw\.port\)/);
  });

  it('lets them read that secret and nothing else of the cluster', () => {
    const policy = resourceBlock(hcl, 'aws_iam_role_policy', 'fn_data');
    expect(policy).toMatch(
      /Action\s+= \["secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"\]\n\s+Resource = \[aws_redshift_cluster\.dw\.master_password_secret_arn\]/,
    );
    expect(policy).not.toMatch(/redshift:/);
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
