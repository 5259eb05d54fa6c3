import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An event an EventBridge rule or a schedule could not deliver ends in a dead-letter queue that
 * raises an alarm: a rule dropped it after its retries (or at once on a refused permission),
 * telling no one, and a schedule's dead-letter queue filled without anyone hearing of it.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [
    { id: 'events', service: 'aws.eventbridge', name: 'orders' },
    { id: 'audit', service: 'aws.lambda', name: 'audit' },
    { id: 'work', service: 'aws.sqs', name: 'work' },
    { id: 'nightly', service: 'aws.eventbridge-scheduler', name: 'nightly' },
    {
      id: 'alerts',
      service: 'aws.sns',
      name: 'alerts',
      properties: { subscriptionEndpoint: 'ops@example.com' },
    },
    { id: 'errors', service: 'aws.cloudwatch-alarm', name: 'errors' },
  ],
  connections: [
    { from: 'events', to: 'audit', type: 'traffic' },
    { from: 'events', to: 'work', type: 'data' },
    { from: 'nightly', to: 'audit', type: 'traffic' },
    { from: 'errors', to: 'audit', type: 'data' },
    { from: 'errors', to: 'alerts', type: 'data' },
  ],
});

describe('aws: dead letters of EventBridge rules and schedules', () => {
  const main = mainTf(design);

  it('sends what a rule cannot deliver to the bus dead-letter queue, which only its rules may write', () => {
    for (const target of ['events_audit', 'events_work']) {
      expect(resourceBlock(main, 'aws_cloudwatch_event_target', target)).toMatch(
        /dead_letter_config \{\n\s+arn = aws_sqs_queue\.events_dlq\.arn\n\s+\}/,
      );
    }
    const queue = resourceBlock(main, 'aws_sqs_queue', 'events_dlq');
    expect(queue).toMatch(/message_retention_seconds = 1209600/);
    expect(queue).not.toMatch(/fifo_queue\s+= true/);
    const policy = resourceBlock(main, 'aws_sqs_queue_policy', 'events_dlq');
    expect(policy).toMatch(/Service = "events\.amazonaws\.com"/);
    expect(policy).toMatch(
      /"aws:SourceArn" = \[aws_cloudwatch_event_rule\.events_audit\.arn, aws_cloudwatch_event_rule\.events_work\.arn\]/,
    );
  });

  it("raises an alarm to the design's alert topics on the bus's and the schedule's dead letters", () => {
    for (const dlq of ['events_dlq', 'nightly_dlq']) {
      const body = resourceBlock(main, 'aws_cloudwatch_metric_alarm', dlq);
      expect(body).toContain(`QueueName = aws_sqs_queue.${dlq}.name`);
      expect(body).toMatch(/alarm_actions\s+= \[aws_sns_topic\.alerts\.arn\]/);
    }
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
