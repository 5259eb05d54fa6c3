import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An ElastiCache group takes AUTH over TLS: a workload with a data connection to it is told its
 * host, port and the secret holding the auth token, and may read that secret. Before, it got
 * the host alone, and the token lived only in a Terraform variable: no client could sign in.
 */
describe('aws: clients of an ElastiCache group sign in with its auth token', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'fn', service: 'aws.lambda', name: 'fn', group: 'sn-0' },
      { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
      { id: 'cache', service: 'aws.elasticache', name: 'sessions', group: 'sn-0' },
      { id: 'idle', service: 'aws.elasticache', name: 'idle', group: 'sn-0' },
    ],
    connections: [
      { from: 'fn', to: 'cache', type: 'data' },
      { from: 'api', to: 'cache', type: 'data' },
      { from: 'cache', to: 'sn-1', type: 'placement' },
      { from: 'idle', to: 'sn-1', type: 'placement' },
    ],
  });
  const hcl = mainTf(design);

  it('keeps the token in a secret of its own, written write-only from the same variable', () => {
    expect(resourceBlock(hcl, 'aws_elasticache_replication_group', 'cache')).toMatch(
      /auth_token\s+= var\.cache_auth_token/,
    );
    const version = resourceBlock(hcl, 'aws_secretsmanager_secret_version', 'cache_auth');
    expect(version).toMatch(/secret_id\s+= aws_secretsmanager_secret\.cache_auth\.id/);
    expect(version).toMatch(/secret_string_wo\s+= var\.cache_auth_token/);
    expect(version).not.toMatch(/secret_string\s+=/);
    // A new token is written again: the version is replaced when the group's token changes.
    expect(version).toMatch(
      /replace_triggered_by = \[aws_elasticache_replication_group\.cache\.auth_token\]/,
    );
  });

  it('tells each client the host, port and secret', () => {
    const fn = resourceBlock(hcl, 'aws_lambda_function', 'fn');
    expect(fn).toMatch(
      /CACHE_HOST\s+= aws_elasticache_replication_group\.cache\.primary_endpoint_address/,
    );
    expect(fn).toMatch(/CACHE_PORT\s+= aws_elasticache_replication_group\.cache\.port/);
    expect(fn).toMatch(/CACHE_AUTH_SECRET_ARN\s+= aws_secretsmanager_secret\.cache_auth\.arn/);
    const task = resourceBlock(hcl, 'aws_ecs_task_definition', 'api');
    expect(task).toMatch(/value = tostring\(aws_elasticache_replication_group\.cache\.port\)/);
  });

  it('lets each client read that secret', () => {
    for (const local of ['fn', 'api']) {
      const policy = hcl.slice(hcl.indexOf(`resource "aws_iam_role_policy" "${local}`));
      expect(policy).toMatch(
        /Action\s+= \["secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"\]\n\s+Resource = \[aws_secretsmanager_secret\.cache_auth\.arn\]/,
      );
    }
  });

  it('gives a group nobody reads no secret', () => {
    expect(hcl).not.toContain('"aws_secretsmanager_secret" "idle_auth"');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
