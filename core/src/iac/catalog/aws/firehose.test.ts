import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A Firehose stream archives log groups into a bucket, with roles scoped to both ends. */
describe('aws: Data Firehose', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'app', service: 'aws.cloudwatch-log-group', name: 'app' },
      { id: 'fh', service: 'aws.firehose', name: 'archive' },
      { id: 'bucket', service: 'aws.s3', name: 'archive' },
      { id: 'key', service: 'aws.kms', name: 'key' },
    ],
    connections: [
      { from: 'fh', to: 'bucket', type: 'data' },
      { from: 'fh', to: 'app', type: 'data' },
      { from: 'bucket', to: 'key', type: 'data' },
    ],
  });
  const hcl = mainTf(design);

  it('delivers to the bucket compressed, encrypted, with errors prefixed and logged', () => {
    expect(hcl).toMatch(/destination = "extended_s3"/);
    expect(hcl).toMatch(
      /server_side_encryption \{\s+enabled\s+= true\s+key_type = "AWS_OWNED_CMK"/,
    );
    expect(hcl).toMatch(/bucket_arn\s+= aws_s3_bucket\.bucket\.arn/);
    expect(hcl).toMatch(/error_output_prefix = "errors\/!\{firehose:error-output-type\}\/"/);
    expect(hcl).toMatch(
      /buffering_size\s+= 5\s+buffering_interval\s+= 300\s+compression_format\s+= "GZIP"/,
    );
    expect(hcl).toMatch(/kms_key_arn\s+= aws_kms_key\.key\.arn/);
    expect(hcl).toMatch(
      /cloudwatch_logging_options \{\s+enabled\s+= true\s+log_group_name\s+= aws_cloudwatch_log_group\.fh_errors\.name/,
    );
    // CloudWatch Logs batches arrive gzipped: decompressed before the stream compresses them.
    expect(hcl).toMatch(/type = "Decompression"/);
  });

  it('gives the stream a role for this bucket, its key through S3, and its error log only', () => {
    expect(hcl).toMatch(/Service = "firehose\.amazonaws\.com"[\s\S]*?"sts:ExternalId"/);
    expect(hcl).toMatch(
      /Resource = \[aws_s3_bucket\.bucket\.arn, "\$\{aws_s3_bucket\.bucket\.arn\}\/\*"\]/,
    );
    expect(hcl).toMatch(
      /Resource = \[aws_kms_key\.key\.arn\][\s\S]*?"kms:ViaService" = "s3\.\$\{var\.region\}\.amazonaws\.com"/,
    );
    expect(hcl).toMatch(/Resource = \[aws_cloudwatch_log_stream\.fh_errors\.arn\]/);
    // No wildcard grant (the bucket's own policy denies "s3:*" without TLS: a deny, left out).
    const grants = hcl.replace(resourceBlock(hcl, 'aws_s3_bucket_policy', 'bucket'), '');
    expect(grants).not.toMatch(
      /"s3:\*"|"firehose:\*"|Resource = "\*"\s+\}\s+\]\s+\}\)\s+\}\s+resource "aws_kinesis/,
    );
  });

  it('subscribes each connected log group with a role CloudWatch Logs assumes to put records', () => {
    expect(hcl).toMatch(
      /resource "aws_cloudwatch_log_subscription_filter" "fh_from_app" \{\s+name[^\n]*\s+log_group_name\s+= aws_cloudwatch_log_group\.app\.name\s+filter_pattern\s+= ""\s+destination_arn = aws_kinesis_firehose_delivery_stream\.fh\.arn\s+role_arn\s+= aws_iam_role\.fh_logs\.arn/,
    );
    expect(hcl).toMatch(/Service = "logs\.amazonaws\.com"[\s\S]*?"aws:SourceArn" = "arn:/);
    expect(hcl).toMatch(
      /Action\s+= \["firehose:PutRecord", "firehose:PutRecordBatch"\]\s+Resource = \[aws_kinesis_firehose_delivery_stream\.fh\.arn\]/,
    );
  });

  it('validates against the pinned provider schema', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });

  it('refuses a stream with no bucket to deliver to', () => {
    const r = generate(
      smallDesign({
        cloud: 'aws',
        components: [{ id: 'fh', service: 'aws.firehose', name: 'archive' }],
      }),
      { format: 'terraform' },
    );
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/nowhere to deliver: connect it to an S3 bucket/),
    ]);
  });
});
