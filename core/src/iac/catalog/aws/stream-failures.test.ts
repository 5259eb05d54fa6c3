import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A function consuming a Kinesis stream: a batch that failed its three retries was skipped
 * without a trace, and the mapping could be created before the role might read the stream.
 */
const design = smallDesign({
  cloud: 'aws',
  components: [
    { id: 'events', service: 'aws.kinesis', name: 'events' },
    { id: 'indexer', service: 'aws.lambda', name: 'indexer' },
  ],
  connections: [{ from: 'events', to: 'indexer', type: 'traffic' }],
});

describe('aws: a stream consumer keeps what it fails to process', () => {
  const hcl = mainTf(design);
  const mapping = resourceBlock(hcl, 'aws_lambda_event_source_mapping', 'indexer_events');

  it('sends the batches it gives up on to an encrypted on-failure queue kept 14 days', () => {
    expect(mapping).toMatch(
      /destination_config \{\n\s+on_failure \{\n\s+destination_arn = aws_sqs_queue\.indexer_events_failures\.arn/,
    );
    const queue = resourceBlock(hcl, 'aws_sqs_queue', 'indexer_events_failures');
    expect(queue).toMatch(/message_retention_seconds = 1209600/);
    expect(queue).toMatch(/sqs_managed_sse_enabled\s+= true/);
  });

  it('lets the function send there, and creates the mapping once the role may read the stream', () => {
    const policy = resourceBlock(hcl, 'aws_iam_role_policy', 'indexer_streams');
    expect(policy).toMatch(
      /Effect\s+= "Allow"\n\s+Action\s+= "sqs:SendMessage"\n\s+Resource = aws_sqs_queue\.indexer_events_failures\.arn/,
    );
    expect(mapping).toMatch(/depends_on\s+= \[aws_iam_role_policy\.indexer_streams\]/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
