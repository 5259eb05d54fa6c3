import { describe, expect, it } from 'vitest';
import { checkOutput, terraformFmtCheck } from '@stratum/cli/testing/fixtures';
import { TERRAFORM_LAYOUT_NAMES } from '../../emit/terraform-emitter';
import { mainTf, smallDesign, terraformFiles } from '../../testing/small-design';

/** A Route 53 name for a distribution is served by it, over TLS with a us-east-1 certificate. */
const design = smallDesign({
  cloud: 'aws',
  components: [
    { id: 'assets', service: 'aws.s3', name: 'assets' },
    { id: 'cdn', service: 'aws.cloudfront', name: 'www' },
    {
      id: 'dns',
      service: 'aws.route53-zone',
      name: 'shop',
      properties: { domain: 'shop.example.com' },
    },
  ],
  connections: [
    { from: 'cdn', to: 'assets', type: 'data' },
    { from: 'dns', to: 'cdn', type: 'traffic' },
  ],
});

describe('aws: custom domain of a CloudFront distribution', () => {
  it('lists the record name as an alias and serves it with an ACM certificate, SNI, TLS 1.2', () => {
    const hcl = mainTf(design);
    // Under the zone's domain of each environment (dev.shop.example.com, shop.example.com).
    expect(hcl).toMatch(/aliases\s+= \["www\.\$\{var\.dns_domain\}"\]/);
    expect(hcl).toMatch(
      /acm_certificate_arn\s+= aws_acm_certificate_validation\.cdn\.certificate_arn\n\s+ssl_support_method\s+= "sni-only"\n\s+minimum_protocol_version = "TLSv1\.2_2021"/,
    );
    expect(hcl).not.toMatch(/cloudfront_default_certificate/);
  });

  it('issues the certificate in us-east-1 and validates it by DNS in the zone', () => {
    const hcl = mainTf(design);
    expect(hcl).toMatch(/provider "aws" \{\n\s+alias\s+= "us_east_1"\n\s+region = "us-east-1"/);
    expect(hcl).toMatch(
      /resource "aws_acm_certificate" "cdn" \{\n\s+provider\s+= aws\.us_east_1\n\s+domain_name\s+= "www\.\$\{var\.dns_domain\}"\n\s+validation_method = "DNS"/,
    );
    expect(hcl).toMatch(
      /zone_id\s+= aws_route53_zone\.dns\.zone_id\n\s+name\s+= each\.value\.resource_record_name/,
    );
    expect(hcl).toMatch(
      /resource "aws_acm_certificate_validation" "cdn" \{\n\s+provider\s+= aws\.us_east_1/,
    );
  });

  it('gives each environment a zone of its own, the last one the domain itself', () => {
    const files = terraformFiles(design);
    const tfvars = (env: string) => files.find((f) => f.path === `env/${env}.tfvars`)!.content;
    expect(tfvars('dev')).toMatch(/^dns_domain\s+= "dev\.shop\.example\.com"$/m);
    expect(tfvars('prod')).toMatch(/^dns_domain\s+= "shop\.example\.com"$/m);
    expect(mainTf(design)).toMatch(
      /resource "aws_route53_zone" "dns" \{\n\s+name = var\.dns_domain\n/,
    );
  });

  it('validates names from two zones each in its own zone', () => {
    const two = smallDesign({
      cloud: 'aws',
      components: [
        ...(design as { components: Record<string, unknown>[] }).components,
        {
          id: 'alt',
          service: 'aws.route53-zone',
          name: 'alt',
          properties: { domain: 'shop.example.org' },
        },
      ],
      connections: [
        ...(design as { connections: Record<string, unknown>[] }).connections,
        { from: 'alt', to: 'cdn', type: 'traffic' },
      ],
    });
    expect(mainTf(two)).toContain(
      'zone_id         = lookup(zipmap(["www.${var.dns_domain}", "www.${var.alt_domain}"], [aws_route53_zone.dns.zone_id, aws_route53_zone.alt.zone_id]), each.key)',
    );
  });

  it.each(TERRAFORM_LAYOUT_NAMES)(
    '%s layout: passes the aliased provider to the module that needs it and validates',
    async (layout) => {
      const files = terraformFiles(design, layout);
      expect(await checkOutput(files)).toEqual([]);
      const fmt = terraformFmtCheck(files);
      if (fmt !== null) expect(fmt).toEqual([]);
      const calls = files.filter(
        (f) => /(^|\/)main\.tf$/.test(f.path) && /^module "/m.test(f.content),
      );
      for (const f of calls.filter((c) => /module "(cdn|stack)"/.test(c.content)))
        expect(f.content).toMatch(/providers\s+= \{ aws = aws, aws\.us_east_1 = aws\.us_east_1 \}/);
    },
    60_000,
  );
});
