import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An SQS queue has one access policy: every topic subscribed to it and every EventBridge rule
 * targeting it must be allowed in that one, each from its own ARN, and a queue encrypted with a
 * customer-managed key must let each sender use the key.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [
    { id: 'orders', service: 'aws.sns', name: 'orders' },
    { id: 'refunds', service: 'aws.sns', name: 'refunds' },
    { id: 'bus', service: 'aws.eventbridge', name: 'bus' },
    { id: 'work', service: 'aws.sqs', name: 'work' },
    { id: 'key', service: 'aws.kms', name: 'work' },
  ],
  connections: [
    { from: 'orders', to: 'work', type: 'data' },
    { from: 'refunds', to: 'work', type: 'data' },
    { from: 'bus', to: 'work', type: 'data' },
    { from: 'work', to: 'key', type: 'data' },
  ],
});

describe('aws: delivery to an SQS queue from topics and buses', () => {
  const files = terraformFiles(design);
  const main = files.find((f) => f.path === 'main.tf')!.content;

  it('writes one queue policy allowing each sender from its own ARN', () => {
    // The queue's own, and the bus's dead-letter queue's (event-dead-letters.test.ts).
    expect(main.match(/resource "aws_sqs_queue_policy" "work"/g)).toHaveLength(1);
    const policy = resourceBlock(main, 'aws_sqs_queue_policy', 'work');
    expect(policy).toMatch(/queue_url = aws_sqs_queue\.work\.url/);
    const sources = [...policy.matchAll(/"aws:SourceArn" = (\S+)/g)].map((m) => m[1]);
    expect(sources).toEqual([
      'aws_sns_topic.orders.arn',
      'aws_sns_topic.refunds.arn',
      'aws_cloudwatch_event_rule.bus_work.arn',
    ]);
    expect(policy.match(/Action\s+= "sqs:SendMessage"/g)).toHaveLength(3);
    expect(policy).toMatch(/Service = "sns\.amazonaws\.com"/);
    expect(policy).toMatch(/Service = "events\.amazonaws\.com"/);
  });

  it('subscribes the queue to each topic', () => {
    for (const topic of ['orders', 'refunds'])
      expect(resourceBlock(main, 'aws_sns_topic_subscription', `${topic}_work`)).toMatch(
        /protocol\s+= "sqs"/,
      );
  });

  it('lets each sender use the queue’s key, scoped to its ARN', () => {
    const key = resourceBlock(main, 'aws_kms_key', 'key');
    for (const source of ['aws_sns_topic.orders.arn', 'aws_sns_topic.refunds.arn'])
      expect(key).toContain(`"aws:SourceArn" = ${source}`);
    expect(key).toMatch(/Action\s+= \["kms:Decrypt", "kms:GenerateDataKey\*"\]/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
