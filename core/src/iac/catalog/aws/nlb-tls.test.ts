import { describe, expect, it } from 'vitest';
import { checkOutput, sharedOrBundledSchemas } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** A Network Load Balancer ends TLS itself where its protocol is TLS, and then logs it. */
const CERT = 'arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';

const design = (nlb: Record<string, unknown>) =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'lb', service: 'aws.nlb', name: 'edge', group: 'sn-0', properties: nlb },
      { id: 'web', service: 'aws.ec2', name: 'web', group: 'sn-1' },
      { id: 'client', service: 'aws.ec2', name: 'client', group: 'sn-1' },
    ],
    connections: [
      { from: 'lb', to: 'sn-1', type: 'placement' },
      { from: 'lb', to: 'web', type: 'traffic', port: 8080 },
      // A client in the VPC names no port: it reaches the listener that forwards.
      { from: 'client', to: 'lb', type: 'traffic' },
    ],
  });

describe('aws: Network Load Balancer TLS listener', () => {
  it('listens on 443 with TLS, the certificate given and a TLS 1.3/1.2 policy, forwarding TCP', () => {
    const hcl = mainTf(design({ protocol: 'TLS', certificateArn: CERT, listenerPort: 5000 }));
    const listener = resourceBlock(hcl, 'aws_lb_listener', 'lb');
    expect(listener).toMatch(/port\s+= 443\n/);
    expect(listener).toMatch(/protocol\s+= "TLS"/);
    expect(listener).toContain(`certificate_arn   = "${CERT}"`);
    expect(listener).toMatch(/ssl_policy\s+= "ELBSecurityPolicy-TLS13-1-2-2021-06"/);
    expect(listener).toMatch(/target_group_arn = aws_lb_target_group\.lb\.arn/);
    // The targets keep getting plain TCP on their own port: nothing changes for them.
    const tg = resourceBlock(hcl, 'aws_lb_target_group', 'lb');
    expect(tg).toMatch(/protocol\s+= "TCP"/);
    expect(tg).toMatch(/port\s+= 8080/);
    // No plain listener beside it, and the internet reaches 443 only.
    expect(hcl.match(/resource "aws_lb_listener"/g)).toHaveLength(1);
    expect(hcl).toContain('resource "aws_vpc_security_group_ingress_rule" "lb_public_443"');
    expect(hcl).not.toContain('lb_public_5000');
    expect(hcl).toContain('resource "aws_vpc_security_group_ingress_rule" "lb_from_client_443"');
  });

  it('asks for the certificate as a required variable when none is given, as an ALB does', () => {
    const main = mainTf(design({ protocol: 'TLS' }));
    expect(resourceBlock(main, 'aws_lb_listener', 'lb')).toMatch(
      /certificate_arn\s+= var\.lb_certificate_arn/,
    );
    const variable = /variable "lb_certificate_arn" \{[\s\S]*?\n\}/.exec(main)?.[0];
    expect(variable).toContain('for the TLS listener of edge');
    expect(variable).not.toMatch(/default/);
  });

  it('logs its TLS connections to a bucket of its own that CloudWatch Logs delivery may write', async () => {
    const hcl = mainTf(design({ protocol: 'TLS', certificateArn: CERT }));
    const lb = resourceBlock(hcl, 'aws_lb', 'lb');
    expect(lb).toMatch(
      /access_logs \{\s+bucket\s+= aws_s3_bucket\.lb_logs\.id\s+enabled = true\s+\}/,
    );
    expect(lb).toMatch(/depends_on = \[aws_s3_bucket_policy\.lb_logs\]/);
    expect(resourceBlock(hcl, 'aws_s3_bucket_public_access_block', 'lb_logs')).toMatch(
      /restrict_public_buckets = true/,
    );
    expect(resourceBlock(hcl, 'aws_s3_bucket_lifecycle_configuration', 'lb_logs')).toMatch(
      /expiration \{\s+days = 90\s+\}/,
    );
    const policy = resourceBlock(hcl, 'aws_s3_bucket_policy', 'lb_logs');
    expect(policy).toContain('"aws:SecureTransport" = "false"');
    expect(policy).toContain('Service = "delivery.logs.amazonaws.com"');
    expect(policy).toMatch(/Action\s+= "s3:GetBucketAcl"/);
    expect(policy).toContain('"s3:x-amz-acl"      = "bucket-owner-full-control"');
    expect(policy).toMatch(/"aws:SourceAccount" = data\.aws_caller_identity\.current\.account_id/);
    expect(policy).toContain(
      '"aws:SourceArn" = "arn:${data.aws_partition.current.partition}:logs:${var.region}:${data.aws_caller_identity.current.account_id}:*"',
    );
    // Not the ALB's writer.
    expect(policy).not.toContain('aws_elb_service_account');
    expect(
      await checkOutput(
        terraformFiles(design({ protocol: 'TLS', certificateArn: CERT })),
        sharedOrBundledSchemas(),
      ),
    ).toEqual([]);
  });

  it('leaves the security policy rules nothing to report', () => {
    const r = generate(design({ protocol: 'TLS' }), { format: 'terraform' });
    expect(r.ok ? r.policy.map((f) => `${f.rule} ${f.address}`) : ['not generated']).toEqual([]);
  });

  it('keeps TCP by default: the listener port, no certificate, no log bucket', () => {
    const hcl = mainTf(design({ listenerPort: 5000 }));
    const listener = resourceBlock(hcl, 'aws_lb_listener', 'lb');
    expect(listener).toMatch(/port\s+= 5000/);
    expect(listener).toMatch(/protocol\s+= "TCP"/);
    expect(listener).not.toContain('certificate_arn');
    expect(hcl).not.toContain('lb_logs');
    // Its clients are admitted on that port, not on the NLB's default 80.
    expect(hcl).toContain('resource "aws_vpc_security_group_ingress_rule" "lb_from_client_5000"');
  });
});
