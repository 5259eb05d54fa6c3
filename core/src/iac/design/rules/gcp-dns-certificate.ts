import {
  domainsIn,
  frontEndDomainsIn,
  isInZone,
  zoneDomainIn,
  zoneDomains,
} from '../../catalog/gcp/dns-names';
import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

const FRONT_ENDS = new Set(['gcp.http-load-balancer', 'gcp.cloud-cdn']);

/**
 * A Cloud DNS zone pointing at a load balancer or CDN writes its A records under the domains of
 * the front end's Google-managed certificate that lie in the zone: with domains given and none
 * in the zone (in some environment), the zone would hold no name the certificate covers, and the
 * certificate would wait for DNS that nothing here writes. Either may differ per environment, and
 * a zone's domain does without being given: `<env>.<domain>` outside the last environment.
 */
export const gcpDnsCertificate: TDesignRule = {
  id: 'gcp-dns-certificate',
  source:
    'Google Cloud, "Use Google-managed SSL certificates" (each domain must resolve to the load balancer\'s IP address)',
  check: ({ design, services }) => {
    if (design.provider !== 'gcp') return [];
    const index = new Map(design.components.map((c, i) => [c.id, i]));
    const issues: TDesignIssue[] = [];
    for (const edge of design.connections) {
      if (edge.type !== 'traffic' || services.get(edge.from)?.id !== 'gcp.cloud-dns') continue;
      if (!FRONT_ENDS.has(services.get(edge.to)?.id ?? '')) continue;
      const [zi, ti] = [index.get(edge.from), index.get(edge.to)];
      if (zi === undefined || ti === undefined) continue;
      const [zone, target] = [design.components[zi]!, design.components[ti]!];
      const names = design.environments.map((e) => e.name);
      const withOverrides = (id: string, properties: Readonly<Record<string, unknown>>) => ({
        properties,
        overrides: Object.fromEntries(
          design.environments.map((e) => [e.name, e.overrides[id] ?? {}]),
        ),
      });
      const fallback = services.get(zone.id)?.properties.find((p) => p.key === 'domain')?.default;
      const zoneNode = withOverrides(zone.id, { domain: fallback, ...zone.properties });
      const targetNode = withOverrides(target.id, target.properties);
      const fix = (domains: readonly string[], zoneDomain: string) =>
        `none of the certificate domains of ${target.name} (${domains.join(', ')}) is in ${zoneDomain}, the domain of zone ${zone.name} that points at it: add one in the zone (such as ${target.name}.${zoneDomain}) to domains, or remove the connection`;
      const holds = (domains: readonly string[], zoneDomain: string) =>
        domains.length === 0 || domains.some((d) => isInZone(d, zoneDomain));
      const domains = domainsIn(target, undefined);
      const zoneDomain = zoneDomainIn(zoneNode, undefined);
      if (!holds(domains, zoneDomain)) {
        issues.push({
          path: `components[${ti}].properties.domains`,
          message: fix(domains, zoneDomain),
          severity: 'error',
        });
        continue;
      }
      // Each environment's domains and zone domain (dns-names.ts: as the builders write them).
      const zones = zoneDomains(zoneNode, names).values;
      design.environments.forEach((env, k) => {
        const inEnv = frontEndDomainsIn(targetNode, [zoneNode], names, env.name);
        if (holds(inEnv, zones[env.name]!)) return;
        issues.push({
          path:
            env.overrides[zone.id]?.['domain'] !== undefined &&
            env.overrides[target.id]?.['domains'] === undefined
              ? `environments[${k}].overrides.${zone.id}.domain`
              : `environments[${k}].overrides.${target.id}.domains`,
          message: fix(inEnv, zones[env.name]!),
          severity: 'error',
        });
      });
    }
    return issues;
  },
};
