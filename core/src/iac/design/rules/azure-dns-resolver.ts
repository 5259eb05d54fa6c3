import { contains, formatCidr, overlaps, parseCidr, type TCidr } from '../cidr';
import type { TDesignIssue } from '../parse';
import type { TDesignRule, TPropertyFinding, TPropertyRule } from './rule';

/**
 * Azure DNS Private Resolver (catalog/azure/dns-resolver.ts): each endpoint takes a subnet of
 * its own, /28 to /24, inside the VNet and clear of its other subnets; forwarding rules need a
 * domain name and the IPv4 addresses of the DNS servers they forward to.
 */
const SERVICE = 'azure.dns-resolver';
const SOURCE =
  'Azure DNS Private Resolver documentation, "Subnet restrictions" (a dedicated subnet of /28 to /24 per endpoint, delegated to Microsoft.Network/dnsResolvers) and "Endpoints and rulesets" (a rule: a domain name and target DNS server IPs)';

const prefixOf = (cidr: string): number => Number(cidr.split('/')[1]);
const DOMAIN = /^(?=.{1,253}\.?$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}\.?$/i;
const isIpv4 = (ip: string) => parseCidr(`${ip}/32`) !== undefined;

const domainsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? (value as string[]) : []).filter((d) => d.trim() !== '');

function sizeFinding(key: string, cidr: unknown): TPropertyFinding[] {
  const text = String(cidr);
  if (!parseCidr(text)) return [];
  const prefix = prefixOf(text);
  return prefix >= 24 && prefix <= 28
    ? []
    : [
        {
          key,
          message: `${key}: ${text} is /${prefix}; a DNS resolver endpoint's subnet is /28 to /24`,
        },
      ];
}

export const azureDnsResolverProperties: TPropertyRule = {
  id: 'azure-dns-resolver',
  services: [SERVICE],
  source: SOURCE,
  check: (props) => {
    const domains = domainsOf(props['onPremDomains']);
    const servers = Array.isArray(props['onPremDnsServers']) ? props['onPremDnsServers'] : [];
    const out = sizeFinding('inboundSubnetCidr', props['inboundSubnetCidr']);
    if (domains.length === 0) return out;
    out.push(...sizeFinding('outboundSubnetCidr', props['outboundSubnetCidr']));
    const badDomains = domains.filter((d) => !DOMAIN.test(d));
    if (badDomains.length > 0)
      out.push({
        key: 'onPremDomains',
        message: `onPremDomains: ${badDomains.map((d) => `"${d}"`).join(', ')} is not a domain name such as corp.example.com`,
      });
    if (new Set(domains.map((d) => d.toLowerCase().replace(/\.$/, ''))).size !== domains.length)
      out.push({ key: 'onPremDomains', message: 'onPremDomains: a domain is listed twice' });
    const badServers = servers.filter((s) => !isIpv4(s));
    if (servers.length === 0 || badServers.length > 0)
      out.push({
        key: 'onPremDnsServers',
        message:
          servers.length === 0
            ? 'onPremDnsServers: give the IPv4 address of at least one on-premises DNS server to forward the on-premises domains to'
            : `onPremDnsServers: ${badServers.map((s) => `"${s}"`).join(', ')} is not an IPv4 address such as 192.168.0.53`,
      });
    return out;
  },
};

/** The endpoint subnets are inside the VNet and overlap none of its other subnets. */
export const azureDnsResolverSubnets: TDesignRule = {
  id: 'azure-dns-resolver-subnets',
  source: SOURCE,
  check: ({ design, services }) => {
    const issues: TDesignIssue[] = [];
    const cidrOf = (id: string, key: string, given: unknown): TCidr | undefined => {
      const value = given ?? services.get(id)?.properties.find((p) => p.key === key)?.default;
      return typeof value === 'string' ? parseCidr(value) : undefined;
    };
    // Ranges other than the design's subnets that services add to a VNet.
    const ADDED: Readonly<Record<string, readonly string[]>> = {
      'azure.vpn-gateway': ['gatewaySubnetCidr'],
      [SERVICE]: ['inboundSubnetCidr', 'outboundSubnetCidr'],
    };
    design.components.forEach((c, i) => {
      if (services.get(c.id)?.id !== SERVICE || c.group === undefined) return;
      const vnet = design.groups.find((g) => g.id === c.group);
      if (!vnet) return;
      const outer = cidrOf(vnet.id, 'cidr', vnet.properties['cidr']);
      const taken: { what: string; cidr: TCidr }[] = [];
      for (const g of design.groups) {
        if (g.parent !== vnet.id || services.get(g.id)?.kind !== 'subnet') continue;
        const cidr = cidrOf(g.id, 'cidr', g.properties['cidr']);
        if (cidr) taken.push({ what: `subnet "${g.id}"`, cidr });
      }
      for (const other of design.components) {
        if (other.group !== vnet.id) continue;
        for (const key of ADDED[services.get(other.id)?.id ?? ''] ?? []) {
          if (
            key === 'outboundSubnetCidr' &&
            domainsOf(other.properties['onPremDomains']).length === 0
          )
            continue;
          const cidr = cidrOf(other.id, key, other.properties[key]);
          if (cidr) taken.push({ what: `${key} of "${other.id}"`, cidr });
        }
      }
      const keys = ['inboundSubnetCidr'];
      if (domainsOf(c.properties['onPremDomains']).length > 0) keys.push('outboundSubnetCidr');
      for (const key of keys) {
        const cidr = cidrOf(c.id, key, c.properties[key]);
        if (!cidr) continue;
        const text = formatCidr(cidr);
        const path = `components[${i}].properties.${key}`;
        if (outer && !contains(outer, cidr))
          issues.push({
            path,
            message: `${key}: ${text} is outside the VNet "${vnet.id}"; give a /28 inside it that no subnet uses`,
            severity: 'error',
          });
        // Its own two endpoints clashing is said once, on the outbound subnet.
        const isOwn = (t: { what: string }) =>
          t.what.endsWith(` of "${c.id}"`) &&
          (key === 'inboundSubnetCidr' || t.what.startsWith(key));
        const clash = taken.find((t) => !isOwn(t) && overlaps(t.cidr, cidr));
        if (clash)
          issues.push({
            path,
            message: `${key}: ${text} overlaps ${clash.what}; a DNS resolver endpoint needs a subnet of its own`,
            severity: 'error',
          });
      }
    });
    return issues;
  },
};
