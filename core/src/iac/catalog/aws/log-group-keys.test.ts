import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * The log groups a function, an ECS service, an HTTP API and a state machine write to are
 * encrypted with the KMS key the component is connected to, as the groups of WebSocket APIs,
 * VPN tunnels, EKS and OpenSearch are, and the key lets CloudWatch Logs use it: a team that
 * connected a key to a function kept its data under that key and its logs under AWS's.
 */
const design = (withKey: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'api', service: 'aws.api-gateway', name: 'front' },
      { id: 'fn', service: 'aws.lambda', name: 'handler' },
      { id: 'svc', service: 'aws.ecs-fargate', name: 'worker', group: 'sn-0' },
      { id: 'flow', service: 'aws.step-functions', name: 'orders' },
      ...(withKey ? [{ id: 'key', service: 'aws.kms', name: 'app' }] : []),
    ],
    connections: [
      { from: 'api', to: 'fn', type: 'traffic' },
      { from: 'flow', to: 'fn', type: 'traffic' },
      ...(withKey
        ? ['api', 'fn', 'svc', 'flow'].map((from) => ({ from, to: 'key', type: 'data' }))
        : []),
    ],
  });

const GROUPS = [
  ['api', 'api'],
  ['fn', 'fn'],
  ['svc', 'svc_tasks'],
  ['flow', 'flow'],
] as const;

const mainOf = (d: Record<string, unknown>) =>
  terraformFiles(d).find((f) => f.path === 'main.tf')!.content;

describe('aws: log groups of functions, ECS services, HTTP APIs and state machines', () => {
  it('are encrypted with the connected key, whose policy lets CloudWatch Logs use it', () => {
    const main = mainOf(design(true));
    for (const [, group] of GROUPS) {
      expect(resourceBlock(main, 'aws_cloudwatch_log_group', group)).toMatch(
        /kms_key_id\s+= aws_kms_key\.key\.arn/,
      );
    }
    const key = resourceBlock(main, 'aws_kms_key', 'key');
    expect(key).toMatch(/CloudWatchLogsEncryptsLogGroups/);
    expect(key).toMatch(/"logs\.\$\{var\.region\}\.amazonaws\.com"/);
  });

  it('keep CloudWatch Logs’ own encryption when no key is connected', () => {
    const main = mainOf(design(false));
    for (const [, group] of GROUPS) {
      expect(resourceBlock(main, 'aws_cloudwatch_log_group', group)).not.toMatch(/kms_key_id/);
    }
  });

  it('validates against the provider schema', async () => {
    expect(await checkOutput(terraformFiles(design(true)), sharedOrBundledSchemas())).toEqual([]);
  });
});
