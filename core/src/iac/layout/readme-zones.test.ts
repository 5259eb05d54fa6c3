import { describe, expect, it } from 'vitest';
import { generate } from '../generate';
import { smallDesign } from '../testing/small-design';
import { findService } from '../catalog/registry';

/**
 * A domain is delegated to one zone only: each environment's public zone has a domain of its own,
 * and the README says which, and how to delegate it.
 */
const ZONE = {
  aws: 'aws.route53-zone',
  oci: 'oci.dns-zone',
  azure: 'azure.dns-zone',
  gcp: 'gcp.cloud-dns',
} as const;

function readmeOf(cloud: keyof typeof ZONE, format: 'terraform' | 'bicep' = 'terraform'): string {
  const design = smallDesign({
    cloud,
    components: [
      { id: 'dns', service: ZONE[cloud], name: 'shop', properties: { domain: 'shop.example.com' } },
    ],
  });
  const r = generate(design, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files.find((f) => f.path === 'README.md')!.content;
}

describe('README: delegating the public zones', () => {
  it.each([
    ['aws', 'dns_name_servers'],
    ['oci', 'dns_nameservers'],
    ['azure', 'dns_name_servers'],
    ['gcp', 'dns_name_servers'],
  ] as const)('%s: names each environment’s domain and the output to delegate to', (cloud, out) => {
    const readme = readmeOf(cloud);
    expect(readme).toContain('- `shop`: dev `dev.shop.example.com`, prod `shop.example.com`');
    expect(readme).toContain(`(\`terraform output ${out}\`)`);
    expect(readme).toContain(
      "NS records of that name in its parent's zone (`dev.shop.example.com` in the zone of `shop.example.com`)",
    );
  });

  it('bicep: says how to read the name servers of a deployed zone', () => {
    expect(readmeOf('azure', 'bicep')).toContain(
      "After an environment's first deployment, delegate its domain to the zone's name servers (`az network dns zone show --resource-group <resource group> --name <domain> --query nameServers`)",
    );
  });

  it.each(Object.values(ZONE))(
    '%s: the domain property says each environment has its own',
    (id) => {
      const domain = findService(id)?.properties.find((p) => p.key === 'domain');
      expect(domain?.description).toContain('the others get <env>.<domain> (dev.example.com)');
    },
  );
});
