import { isInZone } from '../../catalog/gcp/dns-names';
import type { TDesignIssue } from '../parse';
import type { TDesignRule } from './rule';

const FRONT_ENDS = new Set(['gcp.http-load-balancer', 'gcp.cloud-cdn']);

/**
 * A Cloud DNS zone pointing at a load balancer or CDN writes its A records under the domains of
 * the front end's Google-managed certificate that lie in the zone: with domains given and none
 * in the zone (in some environment), the zone would hold no name the certificate covers, and the
 * certificate would wait for DNS that nothing here writes.
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
      const domains = (target.properties['domains'] as readonly string[] | undefined) ?? [];
      if (domains.length === 0) continue;
      const domainOf = (props?: Readonly<Record<string, unknown>>) => {
        const fallback = services.get(zone.id)?.properties.find((p) => p.key === 'domain')?.default;
        const domain = props?.['domain'] ?? zone.properties['domain'] ?? fallback;
        return typeof domain === 'string' ? domain : '';
      };
      const fix = (zoneDomain: string) =>
        `none of the certificate domains of ${target.name} (${domains.join(', ')}) is in ${zoneDomain}, the domain of zone ${zone.name} that points at it: add one in the zone (such as ${target.name}.${zoneDomain}) to domains, or remove the connection`;
      const base = domainOf();
      if (!domains.some((d) => isInZone(d, base))) {
        issues.push({
          path: `components[${ti}].properties.domains`,
          message: fix(base),
          severity: 'error',
        });
        continue;
      }
      design.environments.forEach((env, k) => {
        const own = env.overrides[zone.id];
        if (own?.['domain'] === undefined || domains.some((d) => isInZone(d, domainOf(own))))
          return;
        issues.push({
          path: `environments[${k}].overrides.${zone.id}.domain`,
          message: fix(domainOf(own)),
          severity: 'error',
        });
      });
    }
    return issues;
  },
};
