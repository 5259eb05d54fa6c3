import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A global DNS zone's name is unique in the realm, an email domain in the tenancy and region: each
 * environment gets its own, the last (production) the domain itself, the others a subdomain.
 */
const ENVIRONMENTS = ['dev', 'staging', 'prod'];

const design = (
  overrides: Record<string, Record<string, unknown>> = {},
  envs = ENVIRONMENTS,
  mailDomain = '',
) => ({
  ...smallDesign({
    cloud: 'oci',
    components: [
      {
        id: 'lb',
        service: 'oci.load-balancer',
        name: 'web',
        group: 'sn-0',
        properties: { public: false },
      },
      { id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-1' },
      {
        id: 'dns',
        service: 'oci.dns-zone',
        name: 'shop',
        properties: { domain: 'shop.example.com' },
      },
      {
        id: 'mail',
        service: 'oci.email-delivery',
        name: 'orders',
        properties: { senders: ['orders'], domain: mailDomain },
      },
      {
        id: 'news',
        service: 'oci.email-delivery',
        name: 'news',
        properties: { domain: 'news.example.org' },
      },
    ],
    connections: [
      { from: 'lb', to: 'app', type: 'traffic' },
      { from: 'dns', to: 'lb', type: 'traffic' },
      { from: 'mail', to: 'dns', type: 'data' },
    ],
  }),
  environments: envs.map((name) => ({ name, overrides: overrides[name] ?? {} })),
});

/** `name = "value"` of each environment's tfvars. */
function tfvars(d: unknown, name: string): Record<string, string> {
  const files = terraformFiles(d);
  return Object.fromEntries(
    ENVIRONMENTS.map((env) => {
      const text = files.find((f) => f.path === `env/${env}.tfvars`)?.content ?? '';
      return [env, new RegExp(`^${name}\\s+= "(.*)"$`, 'm').exec(text)?.[1] ?? ''];
    }),
  );
}

describe('oci: domains that must be unique, in each environment', () => {
  const d = design();
  const hcl = mainTf(d);

  it('gives each environment its own DNS zone: production the domain, the others a subdomain', () => {
    expect(resourceBlock(hcl, 'oci_dns_zone', 'dns')).toMatch(/name\s+= var\.dns_domain\n/);
    expect(tfvars(d, 'dns_domain')).toEqual({
      dev: 'dev.shop.example.com',
      staging: 'staging.shop.example.com',
      prod: 'shop.example.com',
    });
  });

  it('writes the records under that environment’s zone', () => {
    const record = resourceBlock(hcl, 'oci_dns_rrset', 'dns_lb');
    expect(record.match(/domain\s+= "web\.\$\{var\.dns_domain\}"\n/g)).toHaveLength(2);
  });

  it('sends mail from the zone’s domain of each environment, and its senders follow', () => {
    expect(resourceBlock(hcl, 'oci_email_email_domain', 'mail')).toMatch(
      /name\s+= oci_dns_zone\.dns\.name\n/,
    );
    expect(resourceBlock(hcl, 'oci_email_sender', 'mail_orders')).toContain(
      'email_address  = "orders@${oci_email_email_domain.mail.name}"',
    );
  });

  it('keeps a subdomain of the zone under each environment’s zone', () => {
    const sub = design({}, ENVIRONMENTS, 'mail.shop.example.com');
    expect(resourceBlock(mainTf(sub), 'oci_email_email_domain', 'mail')).toMatch(
      /name\s+= var\.mail_domain\n/,
    );
    expect(tfvars(sub, 'mail_domain')).toEqual({
      dev: 'mail.dev.shop.example.com',
      staging: 'mail.staging.shop.example.com',
      prod: 'mail.shop.example.com',
    });
  });

  it('gives an email domain of its own a subdomain outside production', () => {
    expect(resourceBlock(hcl, 'oci_email_email_domain', 'news')).toMatch(
      /name\s+= var\.news_domain\n/,
    );
    expect(tfvars(d, 'news_domain')).toEqual({
      dev: 'dev.news.example.org',
      staging: 'staging.news.example.org',
      prod: 'news.example.org',
    });
  });

  it('takes the domains an environment is given, and refuses two environments with one', () => {
    const given = design({
      dev: { dns: { domain: 'shop-dev.example.net' } },
      staging: { dns: { domain: 'shop-test.example.net' } },
    });
    expect(tfvars(given, 'dns_domain')).toEqual({
      dev: 'shop-dev.example.net',
      staging: 'shop-test.example.net',
      prod: 'shop.example.com',
    });
    const r = generate(design({ dev: { dns: { domain: 'shop-dev.example.net' } } }), {
      format: 'terraform',
    });
    expect(r.ok ? [] : r.issues.map((i) => i.message)).toEqual([
      expect.stringContaining(
        'staging and prod would both use domain shop.example.com, but a DNS zone name is unique in the realm',
      ),
    ]);
  });

  it('keeps the domain itself in a design with one environment', () => {
    const single = mainTf(design({}, ['prod']));
    expect(resourceBlock(single, 'oci_dns_zone', 'dns')).toMatch(/name\s+= "shop\.example\.com"\n/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(d))).toEqual([]);
  });
});
