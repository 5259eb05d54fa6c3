import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A bus routing S3 object events, and one carrying the application's own events. */
const design = (source: string) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'landing', service: 'aws.s3', name: 'landing' },
      { id: 'other', service: 'aws.s3', name: 'other' },
      { id: 'arrivals', service: 'aws.eventbridge', name: 'arrivals', properties: { source } },
      { id: 'ingest', service: 'aws.sqs', name: 'ingest' },
    ],
    connections: [
      { from: 'landing', to: 'arrivals', type: 'data' },
      { from: 'arrivals', to: 'ingest', type: 'data' },
    ],
  });

describe('aws: S3 object events through EventBridge', () => {
  const hcl = mainTf(design('aws.s3'));

  it('has the connected bucket send its events to EventBridge, and no other bucket', () => {
    expect(resourceBlock(hcl, 'aws_s3_bucket_notification', 'landing')).toMatch(
      /bucket\s+= aws_s3_bucket\.landing\.id\n\s+eventbridge = true/,
    );
    expect(hcl).not.toMatch(/resource "aws_s3_bucket_notification" "other"/);
  });

  it('forwards their object-created events from the default bus, where AWS services send them', () => {
    const forward = resourceBlock(hcl, 'aws_cloudwatch_event_rule', 'arrivals_forward');
    expect(forward).not.toContain('event_bus_name');
    expect(forward).toMatch(/source\s+= \["aws\.s3"\]/);
    expect(forward).toMatch(/detail-type = \["Object Created"\]/);
    expect(forward).toMatch(/name = \[aws_s3_bucket\.landing\.id\]/);
    const target = resourceBlock(hcl, 'aws_cloudwatch_event_target', 'arrivals_forward');
    expect(target).toMatch(/arn\s+= aws_cloudwatch_event_bus\.arrivals\.arn/);
    expect(target).toMatch(/role_arn = aws_iam_role\.arrivals_forward\.arn/);
    // The role may put events on this bus, and nothing else.
    expect(resourceBlock(hcl, 'aws_iam_role_policy', 'arrivals_forward')).toMatch(
      /Action\s+= \["events:PutEvents"\]\n\s+Resource = \[aws_cloudwatch_event_bus\.arrivals\.arn\]/,
    );
    // An event it cannot put on the bus goes to the bus's dead-letter queue, which admits it.
    expect(target).toMatch(/dead_letter_config \{\n\s+arn = aws_sqs_queue\.arrivals_dlq\.arn/);
    expect(resourceBlock(hcl, 'aws_sqs_queue_policy', 'arrivals_dlq')).toContain(
      'aws_cloudwatch_event_rule.arrivals_forward.arn',
    );
    // On the bus, the queue's rule matches the same events.
    const rule = resourceBlock(hcl, 'aws_cloudwatch_event_rule', 'arrivals_ingest');
    expect(rule).toMatch(/event_bus_name = aws_cloudwatch_event_bus\.arrivals\.name/);
    expect(rule).toMatch(/source = \["aws\.s3"\]/);
  });

  it('forwards nothing to a bus no bucket is connected to', () => {
    const own = mainTf(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'arrivals', service: 'aws.eventbridge', name: 'arrivals' },
          { id: 'ingest', service: 'aws.sqs', name: 'ingest' },
        ],
        connections: [{ from: 'arrivals', to: 'ingest', type: 'data' }],
      }),
    );
    expect(own).toMatch(/resource "aws_cloudwatch_event_bus" "arrivals"/);
    expect(own).not.toMatch(/arrivals_forward/);
    expect(resourceBlock(own, 'aws_cloudwatch_event_rule', 'arrivals_ingest')).toMatch(
      /event_bus_name = aws_cloudwatch_event_bus\.arrivals\.name/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design('aws.s3')))).toEqual([]);
  });
});
