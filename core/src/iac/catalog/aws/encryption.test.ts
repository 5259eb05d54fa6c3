import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** Customer-managed keys that the AWS services and roles using them can actually use. */
const resource = (hcl: string, type: string, name: string) =>
  new RegExp(`resource "${type}" "${name}" \\{[\\s\\S]*?\\n\\}`).exec(hcl)?.[0] ?? '';

const design = (alerts: Record<string, unknown> = {}) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-0' },
      { id: 'assets', service: 'aws.s3', name: 'assets' },
      { id: 'key', service: 'aws.kms', name: 'data' },
      { id: 'cdn', service: 'aws.cloudfront', name: 'assets' },
      { id: 'alerts', service: 'aws.sns', name: 'alerts', properties: alerts },
      { id: 'alarm', service: 'aws.cloudwatch-alarm', name: 'cpu' },
    ],
    connections: [
      { from: 'web', to: 'assets', type: 'data' },
      { from: 'assets', to: 'key', type: 'data' },
      { from: 'cdn', to: 'assets', type: 'data' },
      { from: 'alarm', to: 'web', type: 'data' },
      { from: 'alarm', to: 'alerts', type: 'data' },
    ],
  });

describe('aws: KMS keys in front of CloudFront, roles and alarms', () => {
  it('lets the distribution, and only it, decrypt the SSE-KMS bucket it serves', () => {
    const key = resource(mainTf(design()), 'aws_kms_key', 'key');
    expect(key).toMatch(/Service = "cloudfront\.amazonaws\.com"/);
    expect(key).toMatch(/Action\s+= "kms:Decrypt"/);
    expect(key).toMatch(/"AWS:SourceArn" = aws_cloudfront_distribution\.cdn\.arn/);
    // The account statement stays, or IAM grants on the key would stop working.
    expect(key).toMatch(/:root"\n\s+\}\n\s+Action\s+= "kms:\*"/);
  });

  it('grants a role with a data connection to the bucket the key actions as well', () => {
    const policy = resource(mainTf(design()), 'aws_iam_role_policy', 'web_data');
    expect(policy).toMatch(
      /Action\s+= \["kms:Decrypt", "kms:GenerateDataKey"\]\n\s+Resource = \[aws_kms_key\.key\.arn\]/,
    );
  });

  it('encrypts an alert topic with its own key that CloudWatch may use', () => {
    const hcl = mainTf(design());
    expect(resource(hcl, 'aws_sns_topic', 'alerts')).toMatch(
      /kms_master_key_id = aws_kms_key\.alerts_key\.id/,
    );
    expect(resource(hcl, 'aws_kms_key', 'alerts_key')).toMatch(
      /Service = "cloudwatch\.amazonaws\.com"\n\s+\}\n\s+Action\s+= \["kms:Decrypt", "kms:GenerateDataKey\*"\]/,
    );
    expect(hcl).not.toMatch(/alias\/aws\/sns/);
  });

  it('subscribes the notification address, saying it must be confirmed', async () => {
    const d = design({ subscriptionEndpoint: 'oncall@example.com' });
    const hcl = mainTf(d);
    expect(resource(hcl, 'aws_sns_topic_subscription', 'alerts_notify')).toMatch(
      /protocol\s+= "email"\n\s+endpoint\s+= "oncall@example\.com"/,
    );
    expect(hcl).toMatch(
      /output "alerts_subscription_arn" \{\n\s+description = ".*pending until the recipient confirms it/,
    );
    expect(await checkOutput(terraformFiles(d, 'modules'))).toEqual([]);
  });

  it('refuses an HTTPS subscription to a plain http URL', () => {
    const r = generate(
      design({ subscriptionProtocol: 'https', subscriptionEndpoint: 'http://hooks.example.com' }),
      { format: 'terraform' },
    );
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/must be an https:\/\/ URL/),
    ]);
  });
});

describe('aws: deliveries into a queue encrypted with a customer-managed key', () => {
  const d = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'jobs', service: 'aws.sqs', name: 'jobs' },
      { id: 'key', service: 'aws.kms', name: 'queue' },
      { id: 'events', service: 'aws.sns', name: 'events' },
      { id: 'bus', service: 'aws.eventbridge', name: 'orders' },
    ],
    connections: [
      { from: 'jobs', to: 'key', type: 'data' },
      { from: 'events', to: 'jobs', type: 'data' },
      { from: 'bus', to: 'jobs', type: 'data' },
    ],
  });

  it('lets the topic and the rule that deliver to it use the key, each by its own ARN', async () => {
    const key = resource(mainTf(d), 'aws_kms_key', 'key');
    expect(key).toMatch(
      /Service = "sns\.amazonaws\.com"[\s\S]*?"aws:SourceArn" = aws_sns_topic\.events\.arn/,
    );
    expect(key).toMatch(
      /Service = "events\.amazonaws\.com"[\s\S]*?"aws:SourceArn" = aws_cloudwatch_event_rule\.bus_jobs\.arn/,
    );
    expect(await checkOutput(terraformFiles(d, 'modules'))).toEqual([]);
  });
});

describe('aws: a topic and the queue it feeds sharing one key', () => {
  it('scopes the topic by account and region, not by its ARN, so the key does not depend on it', () => {
    const d = smallDesign({
      cloud: 'aws',
      components: [
        { id: 'jobs', service: 'aws.sqs', name: 'jobs' },
        { id: 'key', service: 'aws.kms', name: 'shared' },
        { id: 'events', service: 'aws.sns', name: 'events' },
      ],
      connections: [
        { from: 'jobs', to: 'key', type: 'data' },
        { from: 'events', to: 'key', type: 'data' },
        { from: 'events', to: 'jobs', type: 'data' },
      ],
    });
    const key = resource(mainTf(d), 'aws_kms_key', 'key');
    expect(key).not.toMatch(/aws_sns_topic\.events/);
    expect(key).toMatch(
      /ArnLike = \{\n\s+"aws:SourceArn" = "arn:\$\{data\.aws_partition\.current\.partition\}:sns:\$\{var\.region\}:/,
    );
  });
});

describe('aws: a log group encrypted with a customer-managed key', () => {
  it('lets the regional CloudWatch Logs principal use the key, or creating the group fails', async () => {
    const d = smallDesign({
      cloud: 'aws',
      components: [
        { id: 'app', service: 'aws.cloudwatch-log-group', name: 'app' },
        { id: 'key', service: 'aws.kms', name: 'logs' },
      ],
      connections: [{ from: 'app', to: 'key', type: 'data' }],
    });
    const hcl = mainTf(d);
    expect(resource(hcl, 'aws_cloudwatch_log_group', 'app')).toMatch(
      /kms_key_id\s+= aws_kms_key\.key\.arn/,
    );
    expect(resource(hcl, 'aws_kms_key', 'key')).toMatch(
      /Service = "logs\.\$\{var\.region\}\.amazonaws\.com"[\s\S]*?"kms:EncryptionContext:aws:logs:arn"/,
    );
    expect(await checkOutput(terraformFiles(d, 'standard'))).toEqual([]);
  });
});
