import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * EventBridge rules and Scheduler schedules send to a FIFO queue with a message group id and no
 * deduplication id: the queue must deduplicate by content, or it refuses every delivery.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [
    { id: 'bus', service: 'aws.eventbridge', name: 'bus' },
    { id: 'nightly', service: 'aws.eventbridge-scheduler', name: 'nightly' },
    { id: 'orders', service: 'aws.sqs', name: 'orders', properties: { fifo: true } },
    { id: 'jobs', service: 'aws.sqs', name: 'jobs', properties: { fifo: true } },
    { id: 'plain', service: 'aws.sqs', name: 'plain' },
    { id: 'own', service: 'aws.sqs', name: 'own', properties: { fifo: true } },
    { id: 'fn', service: 'aws.lambda', name: 'producer' },
  ],
  connections: [
    { from: 'bus', to: 'orders', type: 'data' },
    { from: 'nightly', to: 'jobs', type: 'traffic' },
    { from: 'bus', to: 'plain', type: 'data' },
    { from: 'fn', to: 'own', type: 'data' },
  ],
});

describe('aws: FIFO queues that EventBridge delivers to', () => {
  const files = terraformFiles(design);
  const main = files.find((f) => f.path === 'main.tf')!.content;

  it('deduplicate by content when a bus rule or a schedule sends to them', () => {
    for (const queue of ['orders', 'jobs'])
      expect(resourceBlock(main, 'aws_sqs_queue', queue)).toMatch(
        /content_based_deduplication\s+= true/,
      );
    expect(resourceBlock(main, 'aws_cloudwatch_event_target', 'bus_orders')).toMatch(
      /message_group_id = "bus"/,
    );
  });

  it('leave standard queues and those only code sends to as they were', () => {
    for (const queue of ['plain', 'own'])
      expect(resourceBlock(main, 'aws_sqs_queue', queue)).not.toContain(
        'content_based_deduplication',
      );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(files, sharedOrBundledSchemas())).toEqual([]);
  });
});
