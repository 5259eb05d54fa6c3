import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A bucket has one policy: it refuses requests without TLS, and lets each CloudFront
 * distribution whose origin it is read its objects (a second policy resource would overwrite the
 * first, so two distributions of one bucket left one of them refused).
 */
const design = (cdns: number) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'site', service: 'aws.s3', name: 'site' },
      ...Array.from({ length: cdns }, (_, i) => ({
        id: `cdn${i}`,
        service: 'aws.cloudfront',
        name: `edge${i}`,
      })),
    ],
    connections: Array.from({ length: cdns }, (_, i) => ({
      from: `cdn${i}`,
      to: 'site',
      type: 'traffic',
    })),
  });

const policyOf = (d: unknown) => {
  const main = mainTf(d);
  expect(main.match(/resource "aws_s3_bucket_policy"/g)).toHaveLength(1);
  return resourceBlock(main, 'aws_s3_bucket_policy', 'site');
};

describe('aws: the policy of an S3 bucket', () => {
  it('refuses every request without TLS, to the bucket and its objects', () => {
    const policy = policyOf(design(0));
    expect(policy).toMatch(
      /Sid\s+= "DenyInsecureTransport"\n\s+Effect\s+= "Deny"\n\s+Principal = "\*"\n\s+Action\s+= "s3:\*"\n\s+Resource\s+= \[aws_s3_bucket\.site\.arn, "\$\{aws_s3_bucket\.site\.arn\}\/\*"\]/,
    );
    expect(policy).toContain('"aws:SecureTransport" = "false"');
    expect(policy).not.toContain('cloudfront');
  });

  it('admits each distribution whose origin it is, in that one policy', () => {
    const policy = policyOf(design(2));
    const sources = [...policy.matchAll(/"AWS:SourceArn" = (\S+)/g)].map((m) => m[1]);
    expect(sources).toEqual([
      'aws_cloudfront_distribution.cdn0.arn',
      'aws_cloudfront_distribution.cdn1.arn',
    ]);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design(2)), sharedOrBundledSchemas())).toEqual([]);
  });
});
