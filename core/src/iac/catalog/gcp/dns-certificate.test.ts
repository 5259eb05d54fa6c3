import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Cloud DNS zone pointing at HTTPS front ends: the Google-managed certificate is issued only
 * once each of its domains resolves to the front end's address, so the zone's records carry the
 * certificate's names.
 */
const design = (domains: Record<string, string[]>) =>
  smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'dns',
        service: 'gcp.cloud-dns',
        name: 'shop',
        properties: { domain: 'shop.example.com' },
      },
      ...['lb', 'www', 'cdn'].map((id) => ({
        id,
        service: id === 'cdn' ? 'gcp.cloud-cdn' : 'gcp.http-load-balancer',
        name: id === 'lb' ? 'storefront' : id,
        properties: { domains: domains[id] ?? [] },
      })),
      ...['api', 'site', 'media'].map((id) => ({ id, service: 'gcp.cloud-run', name: id })),
    ],
    connections: [
      { from: 'lb', to: 'api', type: 'traffic' },
      { from: 'www', to: 'site', type: 'traffic' },
      { from: 'cdn', to: 'media', type: 'traffic' },
      ...['lb', 'www', 'cdn'].map((to) => ({ from: 'dns', to, type: 'traffic' })),
    ],
  });

/** `name = …` of every A record of the zone, by resource name. */
const records = (hcl: string): Record<string, string> =>
  Object.fromEntries(
    [...hcl.matchAll(/resource "google_dns_record_set" "(\w+)" \{\n[^\n]*\n\s+name\s+= (.+)/g)].map(
      (m): [string, string] => [m[1] ?? '', m[2] ?? ''],
    ),
  );

const tfvars = (d: unknown, env: string) =>
  terraformFiles(d).find((f) => f.path === `env/${env}.tfvars`)?.content ?? '';

const certificateDomains = (hcl: string, name: string) =>
  /domains = (.+)/.exec(resourceBlock(hcl, 'google_compute_managed_ssl_certificate', name))?.[1];

describe('gcp: a DNS zone pointing at a front end with a Google-managed certificate', () => {
  const given = design({
    lb: ['shop.example.com'],
    www: ['www.shop.example.com', 'shop.example.org', 'shop.example.com'],
  });
  const hcl = mainTf(given);

  it('writes the record of each certificate domain in the zone, not a name of its own', () => {
    // Under the zone's name, which is dev.shop.example.com in dev (environment-domain.ts).
    expect(records(hcl)).toEqual({
      dns_lb: 'google_dns_managed_zone.dns.dns_name',
      dns_www_www: '"www.${google_dns_managed_zone.dns.dns_name}"',
      dns_www_apex: 'google_dns_managed_zone.dns.dns_name',
      // No domains given: the certificate takes the record's name.
      dns_cdn: '"cdn.${google_dns_managed_zone.dns.dns_name}"',
    });
  });

  it("moves the certificate's domains in the zone with the zone's domain of each environment", () => {
    expect(certificateDomains(hcl, 'lb')).toBe('[var.dns_domain]');
    expect(certificateDomains(hcl, 'www')).toBe(
      '["www.${var.dns_domain}", "shop.example.org", var.dns_domain]',
    );
    expect(tfvars(given, 'dev')).toContain('dns_domain  = "dev.shop.example.com"');
    expect(tfvars(given, 'prod')).toContain('dns_domain  = "shop.example.com"');
  });

  it('writes the domains as given in a design of one environment', () => {
    const one = { ...given, environments: [{ name: 'prod' }] };
    expect(records(mainTf(one))['dns_www_www']).toBe('"www.shop.example.com."');
    expect(certificateDomains(mainTf(one), 'www')).toBe(
      '["www.shop.example.com", "shop.example.org", "shop.example.com"]',
    );
  });

  it('gives a certificate without domains the name of the record each zone writes for it', () => {
    expect(certificateDomains(hcl, 'cdn')).toBe(
      '["cdn.${trimsuffix(google_dns_managed_zone.dns.dns_name, ".")}"]',
    );
    expect(hcl).not.toContain('variable "cdn_domains"');
  });

  it('refuses a design whose certificate has no domain in the zone pointing at it', () => {
    const r = generate(design({ lb: ['shop.example.org'] }), { format: 'terraform' });
    expect(r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'components[1].properties.domains: none of the certificate domains of storefront (shop.example.org) is in shop.example.com, the domain of zone shop that points at it: add one in the zone (such as storefront.shop.example.com) to domains, or remove the connection',
    ]);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(given))).toEqual([]);
  });
});
