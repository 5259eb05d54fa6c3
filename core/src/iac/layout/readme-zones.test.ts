import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../testing/small-design';

/**
 * A domain is delegated to one zone only: each environment's public zone has a domain of its own,
 * and the README says which, and how to delegate it.
 */
const readmeOf = (cloud: 'aws' | 'oci', properties: Record<string, unknown> = {}) =>
  terraformFiles(
    smallDesign({
      cloud,
      components: [
        {
          id: 'dns',
          service: cloud === 'aws' ? 'aws.route53-zone' : 'oci.dns-zone',
          name: 'shop',
          properties: { domain: 'shop.example.com', ...properties },
        },
      ],
    }),
  ).find((f) => f.path === 'README.md')!.content;

describe('README: delegating the public zones', () => {
  it.each([
    ['aws', 'dns_name_servers'],
    ['oci', 'dns_nameservers'],
  ] as const)('%s: names each environment’s domain and the output to delegate to', (cloud, out) => {
    const readme = readmeOf(cloud);
    expect(readme).toContain('- `shop`: dev `dev.shop.example.com`, prod `shop.example.com`');
    expect(readme).toContain(`(\`terraform output ${out}\`)`);
    expect(readme).toContain(
      "NS records of that name in its parent's zone (`dev.shop.example.com` in the zone of `shop.example.com`)",
    );
  });
});
