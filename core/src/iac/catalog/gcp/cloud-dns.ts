import { defineService, type TNode, type TTfBuildContext } from '../service';
import { BuildError } from '../../build/terraform-build';
import { boolProp, numProp, strProp } from '../properties';
import { block, call, ref, tpl, type TTfValue } from '../../ir/terraform-ir';
import { domainsIn, frontEndDomainsIn, recordNames, recordSuffix, zoneDomains } from './dns-names';
import { environmentDomain, PUBLIC_ZONE_WHY, ZONE_DOMAIN_HINT } from '../environment-domain';
import { addressOf } from './edge';

/**
 * Google Cloud DNS: public zones with records for the front ends they point to. Each environment
 * has a zone of its own (environment-domain.ts), and the certificate domains in it move with it
 * (dns-names.ts frontEndDomainsIn).
 */

/**
 * Per environment, the names a zone holds for a load balancer or CDN (dns-names.ts): the domains
 * of its Google-managed certificate that lie in the zone there (the design rule
 * gcp-dns-certificate asks for at least one), else the name a certificate without domains
 * takes. Undefined for another target, which has no certificate.
 */
function namesByEnvironment(
  ctx: TTfBuildContext,
  target: TNode,
): Record<string, string[]> | undefined {
  if (target.service.kind !== 'load-balancer' && target.service.kind !== 'cdn') return undefined;
  const envs = ctx.environments;
  const zones = zoneDomains(ctx.node, envs).values;
  const out: Record<string, string[]> = {};
  for (const env of envs) {
    const domains = frontEndDomainsIn(target, [ctx.node], envs, env);
    const zone = zones[env]!;
    const names = recordNames(target.name, domains, zone);
    if (names.length === 0)
      throw new BuildError(
        `${ctx.node.id} -> ${target.id}: none of the certificate domains of ${target.name} in ${env} (${domains.join(', ')}) is in ${zone}`,
      );
    out[env] = names;
  }
  return out;
}

/**
 * The labels each environment's names have before its zone's domain (`www.`, or '' for the zone's
 * own), when they are the same in every environment: the records are then written under the
 * zone's `dns_name`, one for all environments.
 */
function hostsUnderZone(
  byEnv: Readonly<Record<string, readonly string[]>>,
  zones: Readonly<Record<string, string>>,
  envs: readonly string[],
): string[] | undefined {
  const hostsIn = (env: string) =>
    byEnv[env]!.map((n) => (n === zones[env] ? '' : n.slice(0, n.length - zones[env]!.length)));
  const first = hostsIn(envs[0]!);
  return envs.every((e) => sameNames(hostsIn(e), first)) ? first : undefined;
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

export const gcpCloudDns = defineService({
  id: 'gcp.cloud-dns',
  cloud: 'gcp',
  kind: 'dns-zone',
  name: 'Cloud DNS zone',
  category: 'networking',
  description:
    'Public managed zone with DNSSEC, one per environment (<env>.<domain> outside the last); A records for the load balancers and CDNs it points to, under the domains of their certificates that lie in the zone.',
  icon: 'gcp-cloud-dns',
  properties: [
    strProp('domain', 'Domain name', 'example.com', ZONE_DOMAIN_HINT),
    boolProp('dnssec', 'DNSSEC', true),
    numProp('ttl', 'Record TTL (s)', 300, 1, 86400),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'dns' },
  emits: { terraform: ['google_dns_managed_zone', 'google_dns_record_set'] },
  terraform: (ctx) => {
    const zoneDomain = ctx.value('domain');
    const domain = environmentDomain(ctx, 'domain', PUBLIC_ZONE_WHY);
    const zone = ctx.resource('google_dns_managed_zone', ctx.node.local, {
      name: ctx.name(),
      dns_name: tpl(domain, '.'),
      description: tpl('Public zone ', domain),
      visibility: 'public',
      labels: ctx.tags(),
      dnssec_config: block({ state: ctx.value<boolean>('dnssec') ? 'on' : 'off' }),
    });
    for (const edge of ctx.outgoing('traffic')) {
      const address = addressOf(ctx, edge);
      if (address === undefined) continue;
      const local = `${ctx.node.local}_${edge.node.local}`;
      const record = (suffix: string, name: TTfValue) =>
        ctx.resource('google_dns_record_set', suffix ? `${local}_${suffix}` : local, {
          managed_zone: ref(zone.address, 'name'),
          name,
          type: 'A',
          ttl: ctx.prop('ttl'),
          rrdatas: [address],
        });
      const byEnv = namesByEnvironment(ctx, edge.node);
      const envs = ctx.environments;
      // Without domains of its own, the certificate takes this record's name (https-front-end.ts).
      if (!byEnv || envs.every((e) => domainsIn(edge.node, edge.node.overrides[e]).length === 0)) {
        record('', tpl(`${edge.node.name}.`, ref(zone.address, 'dns_name')));
        continue;
      }
      const names = byEnv[envs[0]!] ?? [];
      if (envs.every((e) => sameNames(byEnv[e] ?? [], names))) {
        for (const domain of names)
          record(names.length > 1 ? recordSuffix(domain, zoneDomain) : '', `${domain}.`);
        continue;
      }
      // The same names under each environment's zone: written under the zone's name.
      const zones = zoneDomains(ctx.node, envs).values;
      const hosts = hostsUnderZone(byEnv, zones, envs);
      if (hosts) {
        const production = byEnv[envs[envs.length - 1]!]!;
        hosts.forEach((host, i) =>
          record(
            hosts.length > 1 ? recordSuffix(production[i]!, zoneDomain) : '',
            host === '' ? ref(zone.address, 'dns_name') : tpl(host, ref(zone.address, 'dns_name')),
          ),
        );
        continue;
      }
      // Names that differ between environments: one record for each of this environment's.
      const perEnv = ctx.variable({
        name: `${local}_names`,
        type: 'list(string)',
        description: `Names zone ${ctx.node.name} holds for ${edge.node.name} in this environment: the domains of its certificate in the zone.`,
        perEnv: byEnv,
      });
      ctx.resource('google_dns_record_set', local, {
        for_each: call('toset', perEnv),
        managed_zone: ref(zone.address, 'name'),
        name: tpl(ref('each.value'), '.'),
        type: 'A',
        ttl: ctx.prop('ttl'),
        rrdatas: [address],
      });
    }
    ctx.output(
      'name_servers',
      `Name servers of zone ${ctx.node.name} (${typeof domain === 'string' ? domain : `variable ${ctx.node.local}_domain`}): delegate its domain to them (NS records in the parent domain)`,
      ref(zone.address, 'name_servers'),
    );
  },
});
