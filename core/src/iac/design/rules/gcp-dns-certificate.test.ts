import { describe, expect, it } from 'vitest';
import { parseDesign } from '../parse';
import { validateDesign } from '../validate';

function errors(domains: string[], prodZone?: string, prodDomains?: string[]): string[] {
  const parsed = parseDesign({
    v: 2,
    name: 'shop',
    provider: 'gcp',
    region: 'europe-west1',
    environments: [
      { name: 'dev' },
      {
        name: 'prod',
        overrides: {
          ...(prodZone ? { dns: { domain: prodZone } } : {}),
          ...(prodDomains ? { lb: { domains: prodDomains } } : {}),
        },
      },
    ],
    components: [
      { id: 'dns', service: 'gcp.cloud-dns', name: 'shop', properties: { domain: 'example.com' } },
      { id: 'lb', service: 'gcp.http-load-balancer', name: 'web', properties: { domains } },
      { id: 'api', service: 'gcp.cloud-run', name: 'api' },
    ],
    connections: [
      { from: 'dns', to: 'lb', type: 'traffic' },
      { from: 'lb', to: 'api', type: 'traffic' },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return validateDesign(parsed.design)
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.path}: ${i.message}`);
}

describe('gcp-dns-certificate', () => {
  it('refuses certificate domains none of which the zone pointing at them holds, on the domains', () => {
    expect(errors(['shop.example.org'])).toEqual([
      'components[1].properties.domains: none of the certificate domains of web (shop.example.org) is in example.com, the domain of zone shop that points at it: add one in the zone (such as web.example.com) to domains, or remove the connection',
    ]);
  });

  it("refuses an environment's zone that holds none of them, on its override", () => {
    expect(errors(['www.example.com'], 'example.net')).toEqual([
      'environments[1].overrides.dns.domain: none of the certificate domains of web (www.example.com) is in example.net, the domain of zone shop that points at it: add one in the zone (such as web.example.net) to domains, or remove the connection',
    ]);
  });

  it("refuses an environment's own domains none of which its zone holds, on that override", () => {
    expect(errors([], undefined, ['shop.example.org'])).toEqual([
      'environments[1].overrides.lb.domains: none of the certificate domains of web (shop.example.org) is in example.com, the domain of zone shop that points at it: add one in the zone (such as web.example.com) to domains, or remove the connection',
    ]);
    expect(errors(['www.example.com'], 'example.net', ['www.example.com'])).toEqual([
      'environments[1].overrides.lb.domains: none of the certificate domains of web (www.example.com) is in example.net, the domain of zone shop that points at it: add one in the zone (such as web.example.net) to domains, or remove the connection',
    ]);
  });

  it("refuses an environment's domains outside its zone's own domain (dev.example.com in dev)", () => {
    expect(errors(['www.example.com'], undefined, ['shop.example.com'])).toEqual([
      'environments[0].overrides.lb.domains: none of the certificate domains of web (www.example.com) is in dev.example.com, the domain of zone shop that points at it: add one in the zone (such as web.dev.example.com) to domains, or remove the connection',
    ]);
  });

  it('accepts domains of an environment in its zone, and an environment without domains', () => {
    expect(errors(['www.dev.example.com'], undefined, ['prod.example.com'])).toEqual([]);
    expect(errors(['www.example.com'], 'example.net', ['www.example.net'])).toEqual([]);
    expect(errors(['www.dev.example.com'], undefined, [])).toEqual([]);
  });

  it('accepts a domain in the zone (the apex too), and no domains (the record names the certificate)', () => {
    expect(errors(['www.example.com', 'shop.example.org'])).toEqual([]);
    expect(errors(['EXAMPLE.com'])).toEqual([]);
    expect(errors([])).toEqual([]);
    expect(errors(['www.example.com'], 'example.com')).toEqual([]);
  });
});
