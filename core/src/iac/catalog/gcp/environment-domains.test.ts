import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { generate } from '../../generate';
import { resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A load balancer and a CDN behind one Cloud DNS zone, each environment with certificate
 * domains of its own: the certificate and the zone's records follow the environment.
 */
function design(
  base: { lb?: string[]; cdn?: string[]; zone?: string; zoned?: boolean },
  dev: Record<string, Record<string, unknown>>,
) {
  const d = smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'dns',
        service: 'gcp.cloud-dns',
        name: 'shop',
        properties: { domain: base.zone ?? 'shop.example.com' },
      },
      {
        id: 'lb',
        service: 'gcp.http-load-balancer',
        name: 'web',
        properties: { domains: base.lb ?? [] },
      },
      {
        id: 'cdn',
        service: 'gcp.cloud-cdn',
        name: 'media',
        properties: { domains: base.cdn ?? [] },
      },
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
      { id: 'files', service: 'gcp.cloud-storage', name: 'files' },
    ],
    connections: [
      { from: 'lb', to: 'api', type: 'traffic' },
      { from: 'cdn', to: 'files', type: 'traffic' },
      ...(base.zoned === false
        ? []
        : ['lb', 'cdn'].map((to) => ({ from: 'dns', to, type: 'traffic' }))),
    ],
  });
  return { ...d, environments: [{ name: 'dev', overrides: dev }, { name: 'prod' }] };
}

const fileOf = (d: unknown, path: string, layout = 'standard') =>
  terraformFiles(d, layout).find((f) => f.path === path)?.content ?? '';
const main = (d: unknown) => fileOf(d, 'main.tf');
/** The value an environment's tfvars gives a variable. */
const tfvar = (d: unknown, env: string, name: string) =>
  new RegExp(`^${name} += (.+)$`, 'm').exec(fileOf(d, `env/${env}.tfvars`))?.[1];
const certificate = (d: unknown, name: string) =>
  /domains = (.+)/.exec(
    resourceBlock(main(d), 'google_compute_managed_ssl_certificate', name),
  )?.[1];

describe('gcp: certificate domains that differ between environments', () => {
  const perEnv = design(
    { lb: ['shop.example.com', 'www.shop.example.com'], cdn: ['media.shop.example.com'] },
    { lb: { domains: ['dev.shop.example.com'] }, cdn: { domains: ['media.dev.shop.example.com'] } },
  );

  it("gives each environment's certificate that environment's domains", () => {
    expect(certificate(perEnv, 'lb')).toBe('var.lb_domains');
    expect(certificate(perEnv, 'cdn')).toBe('var.cdn_domains');
    expect(tfvar(perEnv, 'dev', 'lb_domains')).toBe('["dev.shop.example.com"]');
    expect(tfvar(perEnv, 'prod', 'lb_domains')).toBe(
      '["shop.example.com", "www.shop.example.com"]',
    );
  });

  it("points each environment's names at the front end: one record per domain of that environment", () => {
    expect(resourceBlock(main(perEnv), 'google_dns_record_set', 'dns_lb')).toContain(
      [
        '  for_each     = toset(var.dns_lb_names)',
        '  managed_zone = google_dns_managed_zone.dns.name',
        '  name         = "${each.value}."',
      ].join('\n'),
    );
    expect(tfvar(perEnv, 'dev', 'dns_lb_names')).toBe('["dev.shop.example.com"]');
    expect(tfvar(perEnv, 'prod', 'dns_lb_names')).toBe(
      '["shop.example.com", "www.shop.example.com"]',
    );
    // The same name under each environment's zone: one record under the zone's name.
    expect(resourceBlock(main(perEnv), 'google_dns_record_set', 'dns_cdn')).toContain(
      'name         = "media.${google_dns_managed_zone.dns.dns_name}"',
    );
    expect(tfvar(perEnv, 'dev', 'dns_cdn_names')).toBeUndefined();
  });

  it('names the certificate after its zone record in an environment that gives it no domains', () => {
    const prodOnly = design({}, {});
    prodOnly.environments = [
      { name: 'dev', overrides: {} },
      { name: 'prod', overrides: { lb: { domains: ['shop.example.com'] } } },
    ];
    expect(certificate(prodOnly, 'lb')).toBe(
      'coalescelist(var.lb_domains, ["web.${trimsuffix(google_dns_managed_zone.dns.dns_name, ".")}"])',
    );
    expect(tfvar(prodOnly, 'dev', 'dns_lb_names')).toBe('["web.dev.shop.example.com"]');
    expect(tfvar(prodOnly, 'prod', 'dns_lb_names')).toBe('["shop.example.com"]');
  });

  it("writes only the domains in each environment's zone when the zone's domain differs", () => {
    const zones = design(
      { lb: ['shop.example.com', 'shop.example.net'], zone: 'example.net' },
      { dns: { domain: 'example.com' } },
    );
    expect(certificate(zones, 'lb')).toBe('["shop.example.com", "shop.example.net"]');
    expect(resourceBlock(main(zones), 'google_dns_record_set', 'dns_lb')).toContain(
      'name         = "shop.${google_dns_managed_zone.dns.dns_name}"',
    );
    expect(tfvar(zones, 'dev', 'dns_domain')).toBe('"example.com"');
    expect(tfvar(zones, 'prod', 'dns_domain')).toBe('"example.net"');
  });

  it('refuses domains in some environments only, with no zone to name the certificate in the others', () => {
    const r = generate(design({ zoned: false }, { lb: { domains: ['dev.shop.example.com'] } }), {
      format: 'terraform',
    });
    expect(r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'environments: lb: domains is empty in prod but not in every environment, and no Cloud DNS zone points at web to name its certificate there: give domains in every environment, or connect a Cloud DNS zone to it',
    ]);
  });

  it('passes the schema check, in one root and in modules', async () => {
    expect(await checkOutput(terraformFiles(perEnv, 'standard'))).toEqual([]);
    expect(await checkOutput(terraformFiles(perEnv, 'modules'))).toEqual([]);
  });
});
