import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An Amazon MQ broker takes one user, signed in with a password: a workload with a data
 * connection to it is told its endpoint, the username and the secret holding the password, and
 * may read that secret. Before, it got the endpoint alone, and the password lived only in a
 * Terraform variable: no client could sign in.
 */
describe('aws: clients of an Amazon MQ broker sign in as its user', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'fn', service: 'aws.lambda', name: 'fn', group: 'sn-0' },
      { id: 'api', service: 'aws.ecs-fargate', name: 'api', group: 'sn-0' },
      { id: 'broker', service: 'aws.mq-rabbitmq', name: 'events', group: 'sn-0' },
      { id: 'idle', service: 'aws.mq-rabbitmq', name: 'idle', group: 'sn-0' },
    ],
    connections: [
      { from: 'fn', to: 'broker', type: 'data' },
      { from: 'api', to: 'broker', type: 'data' },
      { from: 'broker', to: 'sn-1', type: 'placement' },
      { from: 'idle', to: 'sn-1', type: 'placement' },
    ],
  });
  const hcl = mainTf(design);

  it('keeps the password in a secret of its own, written write-only from the same variable', () => {
    expect(resourceBlock(hcl, 'aws_mq_broker', 'broker')).toMatch(
      /password\s+= var\.broker_admin_password/,
    );
    const version = resourceBlock(hcl, 'aws_secretsmanager_secret_version', 'broker_auth');
    expect(version).toMatch(/secret_id\s+= aws_secretsmanager_secret\.broker_auth\.id/);
    expect(version).toMatch(/secret_string_wo\s+= var\.broker_admin_password/);
    // A new password is written again: the version is replaced when the broker's user changes.
    expect(version).toMatch(/replace_triggered_by = \[aws_mq_broker\.broker\.user\]/);
    expect(version).toMatch(/secret_string_wo_version\s+= 1/);
    expect(version).not.toMatch(/secret_string\s+=/);
  });

  it('tells each client the endpoint, username and secret', () => {
    const fn = resourceBlock(hcl, 'aws_lambda_function', 'fn');
    expect(fn).toMatch(
      /BROKER_AMQPS_ENDPOINT\s+= aws_mq_broker\.broker\.instances\[0\]\.endpoints\[0\]/,
    );
    expect(fn).toMatch(/BROKER_USERNAME\s+= "mqadmin"/);
    expect(fn).toMatch(
      /BROKER_PASSWORD_SECRET_ARN\s+= aws_secretsmanager_secret\.broker_auth\.arn/,
    );
    const task = resourceBlock(hcl, 'aws_ecs_task_definition', 'api');
    expect(task).toContain('BROKER_USERNAME');
    expect(task).toContain('aws_secretsmanager_secret.broker_auth.arn');
  });

  it('lets each client read that secret', () => {
    for (const local of ['fn', 'api']) {
      const policy = hcl.slice(hcl.indexOf(`resource "aws_iam_role_policy" "${local}`));
      expect(policy).toMatch(
        /Action\s+= \["secretsmanager:GetSecretValue", "secretsmanager:DescribeSecret"\]\n\s+Resource = \[aws_secretsmanager_secret\.broker_auth\.arn\]/,
      );
    }
  });

  it('gives a broker nobody uses no secret', () => {
    expect(hcl).not.toContain('"aws_secretsmanager_secret" "idle_auth"');
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
