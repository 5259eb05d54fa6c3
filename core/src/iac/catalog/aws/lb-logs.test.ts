import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * Load balancers refuse to be destroyed; an ALB logs its requests to a bucket of its own (a TLS
 * NLB its TLS connections: nlb-tls.test.ts).
 */
const design = (lb: string, region = 'eu-west-1', dev: Record<string, unknown> = {}) => ({
  ...smallDesign({
    cloud: 'aws',
    region,
    components: [
      { id: 'lb', service: lb, name: 'edge', group: 'sn-0' },
      { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-1' },
    ],
    connections: [
      { from: 'lb', to: 'sn-1', type: 'placement' },
      { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
    ],
  }),
  environments: [{ name: 'dev', overrides: { lb: dev } }, { name: 'prod' }],
});

describe('aws: load balancer deletion protection and access logs', () => {
  it('an ALB is protected and logs to its own private, TLS-only, expiring bucket', async () => {
    const service = 'aws.alb';
    const hcl = mainTf(design(service));
    const lb = resourceBlock(hcl, 'aws_lb', 'lb');
    expect(lb).toMatch(/enable_deletion_protection\s+= true/);
    expect(lb).toMatch(
      /access_logs \{\s+bucket\s+= aws_s3_bucket\.lb_logs\.id\s+enabled = true\s+\}/,
    );
    // ELB writes a test object when logging is turned on: the policy must exist first.
    expect(lb).toMatch(/depends_on = \[aws_s3_bucket_policy\.lb_logs\]/);
    expect(resourceBlock(hcl, 'aws_s3_bucket', 'lb_logs')).toMatch(/force_destroy = false/);
    // ALB access logs take S3-managed keys only.
    expect(
      resourceBlock(hcl, 'aws_s3_bucket_server_side_encryption_configuration', 'lb_logs'),
    ).toMatch(/sse_algorithm = "AES256"/);
    expect(resourceBlock(hcl, 'aws_s3_bucket_public_access_block', 'lb_logs')).toMatch(
      /restrict_public_buckets = true/,
    );
    expect(resourceBlock(hcl, 'aws_s3_bucket_versioning', 'lb_logs')).toMatch(/status = "Enabled"/);
    const rules = resourceBlock(hcl, 'aws_s3_bucket_lifecycle_configuration', 'lb_logs');
    expect(rules).toMatch(/expiration \{\s+days = 90\s+\}/);
    expect(rules).toMatch(/expired_object_delete_marker = true/);
    const policy = resourceBlock(hcl, 'aws_s3_bucket_policy', 'lb_logs');
    expect(policy).toContain('"aws:SecureTransport" = "false"');
    expect(policy).toContain(
      'Resource = "${aws_s3_bucket.lb_logs.arn}/AWSLogs/${data.aws_caller_identity.current.account_id}/*"',
    );
    // The bucket does not log into itself.
    expect(hcl).not.toContain('resource "aws_s3_bucket_logging"');
    expect(await checkOutput(terraformFiles(design(service)), sharedOrBundledSchemas())).toEqual(
      [],
    );
  });

  it('lets the ALB write as the regional ELB account before August 2022, else the ELB principal', async () => {
    const old = resourceBlock(mainTf(design('aws.alb')), 'aws_s3_bucket_policy', 'lb_logs');
    expect(old).toMatch(/AWS = data\.aws_elb_service_account\.current\.arn/);
    const newer = mainTf(design('aws.alb', 'eu-central-2'));
    expect(resourceBlock(newer, 'aws_s3_bucket_policy', 'lb_logs')).toContain(
      'Service = "logdelivery.elasticloadbalancing.amazonaws.com"',
    );
    // The data source fails in a region it does not know.
    expect(newer).not.toContain('aws_elb_service_account');
    expect(
      await checkOutput(
        terraformFiles(design('aws.alb', 'eu-central-2')),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });

  it('gives a TCP NLB deletion protection but no log bucket: NLBs log TLS listeners only', () => {
    const hcl = mainTf(design('aws.nlb'));
    const lb = resourceBlock(hcl, 'aws_lb', 'lb');
    expect(lb).toMatch(/enable_deletion_protection\s+= true/);
    expect(lb).not.toContain('access_logs');
    expect(hcl).not.toContain('lb_logs');
  });

  it('can be destroyed, logs and all, where an environment turns protection off', () => {
    const hcl = mainTf(design('aws.alb', 'eu-west-1', { deletionProtection: false }));
    expect(resourceBlock(hcl, 'aws_lb', 'lb')).toMatch(
      /enable_deletion_protection\s+= var\.lb_deletion_protection/,
    );
    expect(resourceBlock(hcl, 'aws_s3_bucket', 'lb_logs')).toMatch(
      /force_destroy = var\.lb_logs_force_destroy/,
    );
  });
});
