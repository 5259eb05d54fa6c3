import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../../iac/generate';
import { smallDesign } from '../../iac/testing/small-design';
import { terraformToDesign } from './import';

/**
 * An Azure DNS Private Resolver the user placed comes back from its Terraform as the same
 * component: the inbound subnet, and with on-premises domains the outbound subnet, the domains
 * (one forwarding rule each) and the on-premises DNS servers.
 */
const design = (properties: Record<string, unknown>, layout?: string) => ({
  ...smallDesign({
    cloud: 'azure',
    components: [
      { id: 'dns', service: 'azure.dns-resolver', name: 'hybrid', group: 'net', properties },
    ],
  }),
  ...(layout ? { layout: { terraform: layout } } : {}),
});

function roundTrip(properties: Record<string, unknown>, layout?: string) {
  const original = prepareDesign(design(properties, layout));
  if (!original.ok) throw new Error(original.issues.map((i) => i.message).join('\n'));
  const generated = generate(original.design, { format: 'terraform' });
  if (!generated.ok) throw new Error(generated.issues.map((i) => i.message).join('\n'));
  const imported = terraformToDesign(
    generated.files.filter((f) => /\.(tf|tfvars|hcl)$/.test(f.path)),
  );
  const back = prepareDesign(imported.design);
  if (!back.ok) throw new Error(back.issues.map((i) => i.message).join('\n'));
  const node = (p: typeof original) => p.resolved.byId.get('dns');
  return {
    unconverted: imported.unconverted,
    want: { service: node(original)?.service.id, properties: node(original)?.properties },
    got: { service: node(back)?.service.id, properties: node(back)?.properties },
  };
}

describe('Azure DNS Private Resolver: design → Terraform → design', () => {
  it('with the inbound endpoint alone', () => {
    const r = roundTrip({ inboundSubnetCidr: '10.20.254.0/28' });
    expect(r.unconverted).toEqual([]);
    expect(r.got).toEqual(r.want);
  });

  it('with on-premises domains forwarded through the outbound endpoint', () => {
    const r = roundTrip({
      inboundSubnetCidr: '10.20.254.0/28',
      outboundSubnetCidr: '10.20.254.16/28',
      onPremDomains: ['corp.example.com', 'lab.example.net'],
      onPremDnsServers: ['192.168.0.53', '192.168.0.54'],
    });
    expect(r.unconverted).toEqual([]);
    expect(r.got).toEqual(r.want);
  });

  it('with one domain and one server, in the modules layout', () => {
    const r = roundTrip(
      {
        inboundSubnetCidr: '10.20.254.0/28',
        outboundSubnetCidr: '10.20.254.16/28',
        onPremDomains: ['corp.example.com'],
        onPremDnsServers: ['192.168.0.53'],
      },
      'modules',
    );
    expect(r.unconverted).toEqual([]);
    expect(r.got).toEqual(r.want);
  });
});
