import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { TERRAFORM_LAYOUT_NAMES } from '../../emit/terraform-emitter';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * CloudFront and HTTP APIs in front of a load balancer that ends TLS reach it over HTTPS by a
 * name its certificate covers. They called an ALB by its own DNS name, which no ACM certificate
 * covers (CloudFront answered 502), an internal ALB through a VPC link in plain HTTP, on the
 * port of the listener that only redirects (the link's security group admitted 80, the listener
 * it called was on 443), and a public one at http:// (a redirect back to the client).
 */
const CERT = 'arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';

/** A client (`client`) of a load balancer `lb` (`web`) in front of a VM, named by a zone or not. */
const design = (
  client: Record<string, unknown>,
  lb: Record<string, unknown>,
  withZone: boolean,
): Record<string, unknown> =>
  smallDesign({
    cloud: 'aws',
    components: [
      { id: 'client', ...client },
      { id: 'lb', group: 'sn-0', name: 'web', ...lb },
      { id: 'vm', service: 'aws.ec2', name: 'vm', group: 'sn-1' },
      ...(withZone
        ? [
            {
              id: 'dns',
              service: 'aws.route53-zone',
              name: 'shop',
              properties: { domain: 'shop.example.com' },
            },
          ]
        : []),
    ],
    connections: [
      { from: 'lb', to: 'sn-1', type: 'placement' },
      { from: 'lb', to: 'vm', type: 'traffic' },
      { from: 'client', to: 'lb', type: 'traffic' },
      ...(withZone ? [{ from: 'dns', to: 'lb', type: 'traffic' }] : []),
    ],
  });

const apiDesign = (isPublic: boolean, withZone: boolean) =>
  design(
    { service: 'aws.api-gateway', name: 'api' },
    { service: 'aws.alb', properties: { public: isPublic, certificateArn: CERT } },
    withZone,
  );

const cdnDesign = (lb: Record<string, unknown>, withZone: boolean) =>
  design({ service: 'aws.cloudfront', name: 'www' }, lb, withZone);

describe('aws: HTTPS clients of a load balancer that ends TLS', () => {
  it('an HTTP API calls an internal ALB through its VPC link over TLS on 443, verifying its name', () => {
    const hcl = mainTf(apiDesign(false, false));
    const integration = resourceBlock(hcl, 'aws_apigatewayv2_integration', 'client_lb');
    expect(integration).toMatch(/integration_uri\s+= aws_lb_listener\.lb\.arn/);
    expect(integration).toMatch(
      /tls_config \{\n\s+server_name_to_verify = var\.lb_server_name\n\s+\}/,
    );
    expect(hcl).toMatch(/variable "lb_server_name" \{[^}]*type\s+= string/);
    for (const rule of ['client_lb_link_out', 'client_lb_link_in']) {
      const body = resourceBlock(
        hcl,
        rule.endsWith('out')
          ? 'aws_vpc_security_group_egress_rule'
          : 'aws_vpc_security_group_ingress_rule',
        rule,
      );
      expect(body).toMatch(/from_port\s+= 443/);
      expect(body).toMatch(/to_port\s+= 443/);
    }
  });

  it('names the ALB by its Route 53 record where a zone of the design points to it', () => {
    const hcl = mainTf(apiDesign(false, true));
    expect(resourceBlock(hcl, 'aws_apigatewayv2_integration', 'client_lb')).toMatch(
      /server_name_to_verify = aws_route53_record\.dns_lb\.fqdn/,
    );
    expect(hcl).not.toMatch(/variable "lb_server_name"/);
  });

  it('an HTTP API calls a public ALB at https:// and its name, not at http:// (a redirect)', () => {
    const integration = resourceBlock(
      mainTf(apiDesign(true, true)),
      'aws_apigatewayv2_integration',
      'client_lb',
    );
    expect(integration).toContain(
      'integration_uri    = "https://${aws_route53_record.dns_lb.fqdn}"',
    );
    expect(integration).not.toMatch(/http:\/\//);
  });

  it('CloudFront connects to an ALB over HTTPS at the name its certificate covers', () => {
    const hcl = mainTf(
      cdnDesign({ service: 'aws.alb', properties: { certificateArn: CERT } }, true),
    );
    const origin = /origin \{[\s\S]*?\n {2}\}/.exec(
      resourceBlock(hcl, 'aws_cloudfront_distribution', 'client'),
    )![0];
    expect(origin).toMatch(/domain_name\s+= aws_route53_record\.dns_lb\.fqdn/);
    expect(origin).toMatch(/origin_protocol_policy = "https-only"/);
    expect(origin).not.toMatch(/dns_name/);
  });

  it('CloudFront connects to a TLS NLB over HTTPS too, and to a TCP NLB on its listener port', () => {
    const tls = mainTf(
      cdnDesign(
        { service: 'aws.nlb', properties: { protocol: 'TLS', certificateArn: CERT } },
        false,
      ),
    );
    const tlsOrigin = resourceBlock(tls, 'aws_cloudfront_distribution', 'client');
    expect(tlsOrigin).toMatch(/domain_name\s+= var\.lb_server_name/);
    expect(tlsOrigin).toMatch(/origin_protocol_policy = "https-only"/);
    const tcp = resourceBlock(
      mainTf(cdnDesign({ service: 'aws.nlb', properties: { listenerPort: 8080 } }, false)),
      'aws_cloudfront_distribution',
      'client',
    );
    expect(tcp).toMatch(/domain_name\s+= aws_lb\.lb\.dns_name/);
    expect(tcp).toMatch(/http_port\s+= 8080/);
    expect(tcp).toMatch(/origin_protocol_policy = "http-only"/);
  });

  it('issues the ALB a certificate for its Route 53 name when none is given, validated by DNS', () => {
    const hcl = mainTf(cdnDesign({ service: 'aws.alb' }, true));
    const cert = resourceBlock(hcl, 'aws_acm_certificate', 'lb');
    // In the load balancer's region (the design's provider), not us-east-1 as CloudFront's.
    expect(cert).not.toMatch(/provider/);
    expect(cert).toMatch(/domain_name\s+= "web\.\$\{var\.dns_domain\}"/);
    expect(cert).toMatch(/validation_method = "DNS"/);
    expect(resourceBlock(hcl, 'aws_route53_record', 'lb_validation')).toMatch(
      /zone_id\s+= aws_route53_zone\.dns\.zone_id/,
    );
    expect(resourceBlock(hcl, 'aws_lb_listener', 'lb')).toMatch(
      /certificate_arn\s+= aws_acm_certificate_validation\.lb\.certificate_arn/,
    );
    expect(hcl).not.toMatch(/variable "lb_certificate_arn"/);
  });

  it('a public ALB behind CloudFront only admits CloudFront, on 443 alone', () => {
    const hcl = mainTf(cdnDesign({ service: 'aws.alb', properties: { public: true } }, false));
    const rule = resourceBlock(hcl, 'aws_vpc_security_group_ingress_rule', 'lb_cloudfront_443');
    expect(rule).toMatch(
      /prefix_list_id\s+= data\.aws_ec2_managed_prefix_list\.cloudfront_origin_facing\.id/,
    );
    expect(rule).toMatch(/from_port\s+= 443/);
    expect(hcl).toMatch(
      /data "aws_ec2_managed_prefix_list" "cloudfront_origin_facing" \{\n\s+name = "com\.amazonaws\.global\.cloudfront\.origin-facing"/,
    );
    // Nobody reaches it around the distribution: no rule admits the internet.
    expect(hcl).not.toMatch(/lb_public_/);
  });

  it('a public ALB a zone also names keeps admitting the internet, its direct clients', () => {
    const hcl = mainTf(cdnDesign({ service: 'aws.alb', properties: { public: true } }, true));
    expect(hcl).toContain('resource "aws_vpc_security_group_ingress_rule" "lb_public_443"');
    expect(hcl).not.toMatch(/lb_cloudfront_443/);
  });

  it('a public ALB an HTTP API also calls from the internet keeps admitting the internet', () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'aws',
        components: [
          { id: 'cdn', service: 'aws.cloudfront', name: 'www' },
          { id: 'api', service: 'aws.api-gateway', name: 'api' },
          { id: 'lb', service: 'aws.alb', name: 'web', group: 'sn-0' },
          { id: 'vm', service: 'aws.ec2', name: 'vm', group: 'sn-1' },
        ],
        connections: [
          { from: 'lb', to: 'sn-1', type: 'placement' },
          { from: 'lb', to: 'vm', type: 'traffic' },
          { from: 'cdn', to: 'lb', type: 'traffic' },
          { from: 'api', to: 'lb', type: 'traffic' },
        ],
      }),
    );
    expect(hcl).toContain('resource "aws_vpc_security_group_ingress_rule" "lb_public_443"');
    expect(hcl).not.toMatch(/lb_cloudfront_443/);
  });

  it('refuses CloudFront in front of an internal load balancer, which it cannot reach', () => {
    const r = generate(cdnDesign({ service: 'aws.alb', properties: { public: false } }, false), {
      format: 'terraform',
    });
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringContaining('CloudFront connects to its origins over the internet'),
    ]);
  });

  it.each(TERRAFORM_LAYOUT_NAMES)('validates in the %s layout', async (layout) => {
    expect(await checkOutput(terraformFiles(apiDesign(false, false), layout))).toEqual([]);
    expect(
      await checkOutput(terraformFiles(cdnDesign({ service: 'aws.alb' }, true), layout)),
    ).toEqual([]);
  });
});
