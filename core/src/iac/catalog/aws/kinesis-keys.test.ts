import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Kinesis encrypts and decrypts records with the caller's credentials: producers need
 * kms:GenerateDataKey and consumers kms:Decrypt on a customer-managed key (Kinesis Data Streams,
 * "Permissions to use user-generated KMS keys").
 */
const design = (encrypted: boolean) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'collector', service: 'aws.ecs-fargate', name: 'collector', group: 'sn-0' },
      { id: 'reader', service: 'aws.lambda', name: 'reader' },
      { id: 'events', service: 'aws.kinesis', name: 'events' },
      { id: 'key', service: 'aws.kms', name: 'data' },
    ],
    connections: [
      { from: 'collector', to: 'events', type: 'data' },
      { from: 'reader', to: 'events', type: 'data' },
      ...(encrypted ? [{ from: 'events', to: 'key', type: 'data' }] : []),
    ],
  });

const KEY_GRANT =
  /Action\s+= \["kms:Decrypt", "kms:GenerateDataKey"\]\n\s+Resource = \[aws_kms_key\.key\.arn\]/;

describe('aws: callers of a Kinesis stream encrypted with a customer-managed key', () => {
  const hcl = mainTf(design(true));

  it('lets every role with a data connection to the stream use its key', () => {
    expect(resourceBlock(hcl, 'aws_kinesis_stream', 'events')).toMatch(
      /kms_key_id\s+= aws_kms_key\.key\.arn/,
    );
    expect(resourceBlock(hcl, 'aws_iam_role_policy', 'collector_task_data')).toMatch(KEY_GRANT);
    expect(resourceBlock(hcl, 'aws_iam_role_policy', 'reader_data')).toMatch(KEY_GRANT);
  });

  it('grants no key action for a stream on the AWS managed key', () => {
    const plain = mainTf(design(false));
    expect(resourceBlock(plain, 'aws_kinesis_stream', 'events')).toContain('alias/aws/kinesis');
    expect(plain).not.toMatch(/kms:GenerateDataKey|kms:Decrypt/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design(true)))).toEqual([]);
  });
});
