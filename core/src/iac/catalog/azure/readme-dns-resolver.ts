import { camel } from '../../build/camel';
import type { TResolvedDesign } from '../../design/resolve';
import type { TFormat } from '../../emit/emitter';
import type { TNode } from '../service';

/**
 * README section for DNS Private Resolvers (dns-resolver.ts): what on-premises DNS needs so its
 * clients find the design's private endpoints over the VPN. Microsoft asks for conditional
 * forwarders of the public zone (`blob.core.windows.net`, not `privatelink.…`): the resolver
 * follows the public CNAME into the private zone linked to the VNet.
 * learn.microsoft.com/azure/private-link/private-endpoint-dns#azure-services-dns-zone-configuration
 */
interface TZone {
  /** The private DNS zone the builders create and link to the VNet. */
  readonly zone: string;
  /** What on-premises DNS forwards to the inbound endpoint. */
  readonly forwarder: string;
}

const zone = (privateZone: string, forwarder: string): TZone => ({
  zone: privateZone,
  forwarder,
});

/** Kinds a private endpoint component reaches (private-endpoint.ts). */
const ENDPOINT_TARGETS: Readonly<Record<string, TZone>> = {
  'object-storage': zone('privatelink.blob.core.windows.net', 'blob.core.windows.net'),
  'file-storage': zone('privatelink.file.core.windows.net', 'file.core.windows.net'),
  kms: zone('privatelink.vaultcore.azure.net', 'vault.azure.net'),
  nosql: zone('privatelink.documents.azure.com', 'documents.azure.com'),
  stream: zone('privatelink.servicebus.windows.net', 'servicebus.windows.net'),
};

/** Services with a private endpoint or a VNet-integrated server of their own. */
const OWN_ZONES: Readonly<Record<string, TZone>> = {
  'azure.sql-database': zone('privatelink.database.windows.net', 'database.windows.net'),
  'azure.managed-redis': zone('privatelink.redis.azure.net', 'redis.azure.net'),
  'azure.cosmos-mongo-vcore': zone(
    'privatelink.mongocluster.cosmos.azure.com',
    'mongocluster.cosmos.azure.com',
  ),
  'azure.mysql-flexible': zone('*.private.mysql.database.azure.com', 'mysql.database.azure.com'),
  'azure.postgresql-flexible': zone(
    '*.private.postgres.database.azure.com',
    'postgres.database.azure.com',
  ),
};

/** The private zones of the design, each once, in the order the design first uses them. */
export function privateZonesOf(resolved: TResolvedDesign): TZone[] {
  const out = new Map<string, TZone>();
  const add = (z: TZone | undefined) => {
    if (z && !out.has(z.zone)) out.set(z.zone, z);
  };
  for (const n of resolved.nodes) {
    add(OWN_ZONES[n.service.id]);
    if (n.service.id !== 'azure.private-endpoint') continue;
    for (const c of resolved.design.connections)
      if (c.from === n.id && c.type !== 'placement')
        add(ENDPOINT_TARGETS[resolved.byId.get(c.to)?.service.kind ?? '']);
  }
  return [...out.values()];
}

const list = (items: readonly string[]) => items.map((i) => `\`${i}\``).join(', ');

function outputOf(n: TNode, format: TFormat): string {
  return format === 'terraform' ? `${n.local}_inbound_ip` : `${camel(n.local)}InboundIp`;
}

export function dnsResolverReadme(resolved: TResolvedDesign, format: TFormat): string[] {
  const resolvers = resolved.nodes.filter((n) => n.service.id === 'azure.dns-resolver');
  if (resolvers.length === 0) return [];
  const zones = privateZonesOf(resolved);
  const lines = [
    '## On-premises DNS',
    '',
    'Azure DNS (168.63.129.16) answers only inside the VNet, so on-premises clients resolve the private endpoints of this design to their private addresses through the inbound endpoint of a DNS Private Resolver, reached over the VPN.',
    '',
  ];
  for (const n of resolvers) {
    lines.push(
      `\`${n.name}\`: after the first deployment of each environment, read the output \`${outputOf(n, format)}\` (the inbound endpoint's private IP, in ${String(n.properties['inboundSubnetCidr'])}) and add to the on-premises DNS servers a conditional forwarder to that IP for each zone below. The VPN must route that subnet, and on-premises firewalls must let DNS (UDP and TCP 53) reach it.`,
      '',
    );
    const domains = (n.properties['onPremDomains'] as string[]).filter((d) => d.trim() !== '');
    const servers = n.properties['onPremDnsServers'] as string[];
    if (domains.length > 0)
      lines.push(
        `The other way round, the VNet sends queries for ${list(domains)} to ${list(servers)} on port 53 through the outbound endpoint (subnet ${String(n.properties['outboundSubnetCidr'])}): those servers must answer queries from that subnet.`,
        '',
      );
  }
  if (zones.length === 0)
    return [
      ...lines,
      'The design has no private endpoint yet: forward the zone of each one you add.',
      '',
    ];
  return [
    ...lines,
    'Forward the public zone Microsoft names for each service, not the `privatelink` zone: the resolver follows the public name into the private zone linked to the VNet.',
    '',
    '| private DNS zone | conditional forwarder on premises |',
    '| --- | --- |',
    ...zones.map((z) => `| \`${z.zone}\` | \`${z.forwarder}\` |`),
    '',
  ];
}
