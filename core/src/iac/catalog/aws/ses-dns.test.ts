import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, outputBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * An SES domain identity verifies, and sends, only once its DKIM CNAME records resolve. With no
 * Route 53 zone of the domain drawn, the code cannot publish them: it says which records to
 * publish, the custom MAIL FROM domain's MX and SPF records too.
 */
describe('aws: SES records outside Route 53', () => {
  const design = (
    components: Record<string, unknown>[],
    connections: Record<string, unknown>[] = [],
  ) =>
    smallDesign({
      cloud: 'aws',
      components: [
        {
          id: 'mail',
          service: 'aws.ses',
          name: 'mail',
          properties: { domain: 'shop.example.com', mailFromDomain: 'bounce.shop.example.com' },
        },
        ...components,
      ],
      connections,
    });

  it('outputs the DKIM, MX and SPF records to publish when no zone holds the domain', async () => {
    const d = design([]);
    const hcl = mainTf(d);
    const dkim = outputBlock(hcl, 'mail_dns_records');
    for (const i of [0, 1, 2])
      expect(dkim).toContain(
        `"\${aws_sesv2_email_identity.mail.dkim_signing_attributes[0].tokens[${i}]}._domainkey.\${var.mail_domain} CNAME \${aws_sesv2_email_identity.mail.dkim_signing_attributes[0].tokens[${i}]}.dkim.amazonses.com"`,
      );
    expect(dkim).toContain(
      '"${var.mail_from_domain} MX 10 feedback-smtp.${var.region}.amazonses.com"',
    );
    expect(dkim).toContain('"${var.mail_from_domain} TXT \\"v=spf1 include:amazonses.com ~all\\""');
    // An identity is unique in the account and region: one domain per environment, MAIL FROM
    // under it (SES refuses another).
    const tfvars = (env: string) =>
      terraformFiles(d).find((f) => f.path === `env/${env}.tfvars`)!.content;
    expect(tfvars('dev')).toMatch(/^mail_domain\s+= "dev\.shop\.example\.com"$/m);
    expect(tfvars('dev')).toMatch(/^mail_from_domain\s+= "bounce\.dev\.shop\.example\.com"$/m);
    expect(tfvars('prod')).toMatch(/^mail_domain\s+= "shop\.example\.com"$/m);
    expect(tfvars('prod')).toMatch(/^mail_from_domain\s+= "bounce\.shop\.example\.com"$/m);
    expect(dkim).toMatch(/description = ".*only once the DKIM records resolve/);
    expect(await checkOutput(terraformFiles(d))).toEqual([]);
  });

  it('publishes them itself, and outputs none, in a connected zone of the domain', () => {
    const hcl = mainTf(
      design(
        [
          {
            id: 'zone',
            service: 'aws.route53-zone',
            name: 'zone',
            properties: { domain: 'shop.example.com' },
          },
        ],
        [{ from: 'mail', to: 'zone', type: 'data' }],
      ),
    );
    expect(hcl).toMatch(/resource "aws_route53_record" "mail_dkim_1"/);
    expect(outputBlock(hcl, 'mail_dns_records')).toBe('');
  });

  it('outputs them when the connected zone is of another domain', () => {
    const hcl = mainTf(
      design(
        [
          {
            id: 'zone',
            service: 'aws.route53-zone',
            name: 'zone',
            properties: { domain: 'other.example.org' },
          },
        ],
        [{ from: 'mail', to: 'zone', type: 'data' }],
      ),
    );
    expect(hcl).not.toMatch(/resource "aws_route53_record" "mail_dkim_1"/);
    expect(outputBlock(hcl, 'mail_dns_records')).toContain('._domainkey.${var.mail_domain} CNAME ');
  });
});
