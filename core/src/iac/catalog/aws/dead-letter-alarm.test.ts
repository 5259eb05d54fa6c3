import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A queue's dead-letter queue raises an alarm to the design's alert topics when messages land in
 * it: SQS moves a message there after its last failed receive and tells no one.
 */
const design = (opts: { watched?: boolean; alerting?: boolean; deadLetter?: boolean } = {}) => {
  const { watched = false, alerting = true, deadLetter = true } = opts;
  return smallDesign({
    cloud: 'aws',
    components: [
      {
        id: 'jobs',
        service: 'aws.sqs',
        name: 'jobs',
        properties: { deadLetter, fifo: true },
      },
      { id: 'fn', service: 'aws.lambda', name: 'worker' },
      ...(alerting
        ? [
            {
              id: 'ops',
              service: 'aws.sns',
              name: 'ops',
              properties: { subscriptionEndpoint: 'ops@example.com' },
            },
            { id: 'fn-errors', service: 'aws.cloudwatch-alarm', name: 'errors' },
          ]
        : []),
      ...(watched
        ? [
            {
              id: 'team',
              service: 'aws.sns',
              name: 'team',
              properties: { subscriptionEndpoint: 'team@example.com' },
            },
            { id: 'backlog', service: 'aws.cloudwatch-alarm', name: 'backlog' },
          ]
        : []),
    ],
    connections: [
      { from: 'jobs', to: 'fn', type: 'traffic' },
      ...(alerting
        ? [
            { from: 'fn-errors', to: 'fn', type: 'data' },
            { from: 'fn-errors', to: 'ops', type: 'data' },
          ]
        : []),
      ...(watched
        ? [
            { from: 'backlog', to: 'jobs', type: 'data' },
            { from: 'backlog', to: 'team', type: 'data' },
          ]
        : []),
    ],
  });
};

describe('aws: alarm on a dead-letter queue', () => {
  it('alarms on any visible message to the alert topics of the design', () => {
    const alarm = resourceBlock(mainTf(design()), 'aws_cloudwatch_metric_alarm', 'jobs_dlq');
    expect(alarm).toMatch(/namespace\s+= "AWS\/SQS"/);
    expect(alarm).toMatch(/metric_name\s+= "ApproximateNumberOfMessagesVisible"/);
    expect(alarm).toMatch(/statistic\s+= "Maximum"/);
    expect(alarm).toMatch(/threshold\s+= 0\n/);
    expect(alarm).toMatch(/comparison_operator\s+= "GreaterThanThreshold"/);
    expect(alarm).toMatch(/treat_missing_data\s+= "ignore"/);
    expect(alarm).toMatch(/QueueName = aws_sqs_queue\.jobs_dlq\.name/);
    expect(alarm).toMatch(/alarm_actions\s+= \[aws_sns_topic\.ops\.arn\]/);
    expect(alarm).toMatch(/ok_actions\s+= \[aws_sns_topic\.ops\.arn\]/);
  });

  it('notifies only the topics of the alarms watching the queue, when there are some', () => {
    const alarm = resourceBlock(
      mainTf(design({ watched: true })),
      'aws_cloudwatch_metric_alarm',
      'jobs_dlq',
    );
    expect(alarm).toMatch(/alarm_actions\s+= \[aws_sns_topic\.team\.arn\]/);
  });

  it('makes no alarm without an alert topic, nor without a dead-letter queue', () => {
    expect(mainTf(design({ alerting: false }))).not.toMatch(
      /aws_cloudwatch_metric_alarm" "jobs_dlq"/,
    );
    expect(mainTf(design({ deadLetter: false }))).not.toMatch(
      /aws_cloudwatch_metric_alarm" "jobs_dlq"/,
    );
  });

  it('passes the schema check', async () => {
    const files = terraformFiles(design({ watched: true }), 'modules');
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
