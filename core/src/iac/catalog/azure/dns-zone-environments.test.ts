import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { smallDesign } from '../../testing/small-design';

/**
 * One zone of a name can be delegated to: each environment's public DNS zone has a domain of its
 * own (the last environment the domain, the others `<env>.<domain>`), in Terraform and in Bicep.
 */
const design = (overrides?: Record<string, unknown>) => ({
  ...smallDesign({
    cloud: 'azure',
    components: [
      {
        id: 'dns',
        service: 'azure.dns-zone',
        name: 'shop',
        properties: { domain: 'shop.contoso.com' },
      },
    ],
  }),
  ...(overrides
    ? {
        environments: [
          { name: 'dev', overrides: { dns: overrides } },
          { name: 'prod', overrides: { dns: overrides } },
        ],
      }
    : {}),
});
const files = (d: unknown, format: 'terraform' | 'bicep') => {
  const r = generate(d, { format, layout: 'single' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return new Map(r.files.map((f) => [f.path, f.content]));
};

describe('azure: a public DNS zone in each environment', () => {
  it('terraform: a domain of its own in each environment', () => {
    const out = files(design(), 'terraform');
    expect(out.get('main.tf')).toMatch(
      /resource "azurerm_dns_zone" "dns" \{\n\s+name\s+= var\.dns_domain\n/,
    );
    expect(out.get('env/dev.tfvars')).toMatch(/^dns_domain\s+= "dev\.shop\.contoso\.com"$/m);
    expect(out.get('env/prod.tfvars')).toMatch(/^dns_domain\s+= "shop\.contoso\.com"$/m);
  });

  it('bicep: a parameter with each environment’s domain', () => {
    const out = files(design(), 'bicep');
    expect(out.get('main.bicep')).toMatch(/param dnsDomain string = 'shop\.contoso\.com'/);
    expect(out.get('main.bicep')).toMatch(/name: dnsDomain\n/);
    expect(out.get('main.dev.bicepparam')).toContain("param dnsDomain = 'dev.shop.contoso.com'");
    expect(out.get('main.prod.bicepparam')).toContain("param dnsDomain = 'shop.contoso.com'");
  });

  it('refuses one domain given to two environments', () => {
    const r = generate(design({ domain: 'www.contoso.com' }), { format: 'bicep' });
    expect(r.ok ? '' : r.issues.map((i) => i.message).join('\n')).toMatch(
      /dev and prod would both use domain www\.contoso\.com/,
    );
  });
});
