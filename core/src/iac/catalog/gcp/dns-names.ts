import { isUnder } from '../domain-names';
import { domainsByEnvironment, isOverridden, type TNodeProperties } from '../environment-domain';

/**
 * Which names of a Google-managed certificate a Cloud DNS zone holds. The certificate is issued
 * only once each of its domains resolves to the load balancer's address, so the zone writes its
 * A record under those names, not under a name of its own choosing.
 * https://cloud.google.com/load-balancing/docs/ssl-certificates/google-managed-certs
 */

export const bare = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/** Whether `domain` is the zone's own domain or a name under it, case and final dot aside. */
export const isInZone = (domain: string, zone: string): boolean =>
  isUnder(bare(domain), bare(zone));

/** The certificate domains the zone holds, in the certificate's order and each once. */
export const domainsInZone = (domains: readonly string[], zone: string): string[] => [
  ...new Set(domains.filter((d) => isInZone(d, zone)).map(bare)),
];

/** A Terraform name for the record of `domain` in `zone`: `apex`, or its labels under the zone. */
export const recordSuffix = (domain: string, zone: string): string =>
  bare(domain) === bare(zone)
    ? 'apex'
    : bare(domain)
        .slice(0, -bare(zone).length - 1)
        .replace(/[^a-z0-9]+/g, '_');

/** What these helpers read of a node: a resolved node or a design component. */
type TProps = Readonly<Record<string, unknown>>;
/** One environment's overrides of a node (undefined: none). */
type TOverrides = TProps | undefined;

/** A front end's certificate domains in one environment: its override there, else the base. */
export const domainsIn = (frontEnd: { readonly properties: TProps }, own: TOverrides): string[] => {
  const v = own?.['domains'] ?? frontEnd.properties['domains'];
  return Array.isArray(v) ? v.map(String) : [];
};

/** A zone's domain in one environment. */
export const zoneDomainIn = (zone: { readonly properties: TProps }, own: TOverrides): string => {
  const v = own?.['domain'] ?? zone.properties['domain'];
  return typeof v === 'string' ? v : '';
};

/**
 * The names a zone holds for a front end in one environment: the certificate's domains in the
 * zone, or `<front end>.<zone>`, the name a certificate without domains takes
 * (https-front-end.ts); empty when it has domains and none is in the zone.
 */
export const recordNames = (
  frontEnd: string,
  domains: readonly string[],
  zone: string,
): string[] => (domains.length > 0 ? domainsInZone(domains, zone) : [`${frontEnd}.${bare(zone)}`]);

/**
 * A zone's domain in each environment, as environment-domain.ts gives every public zone one of
 * its own (only one zone of a name can be delegated to): given per environment, else the last
 * environment's is the domain and each other's `<env>.<domain>`. `follows`: not given, in a
 * design of several environments, so the names under it move with it.
 */
export function zoneDomains(
  zone: TNodeProperties,
  envs: readonly string[],
): {
  readonly domain: string;
  readonly values: Readonly<Record<string, string>>;
  readonly follows: boolean;
} {
  const { values, isGiven } = domainsByEnvironment(zone, 'domain', envs);
  return { domain: zoneDomainIn(zone, undefined), values, follows: !isGiven && envs.length > 1 };
}

/** `domain` under `to` instead of `from` (`www.shop.example.com`, `www.dev.shop.example.com`). */
const moveUnder = (domain: string, from: string, to: string): string =>
  `${bare(domain).slice(0, bare(domain).length - bare(from).length)}${bare(to)}`;

/**
 * A front end's certificate domains in one environment: where they are given per environment,
 * that environment's (else the base); otherwise the base, each in a zone whose domain follows the
 * environment (`zones`, those pointing at it) moved under that zone's domain there, so the
 * certificate and the records it waits for are in the zone that environment is delegated.
 */
export function frontEndDomainsIn(
  frontEnd: TNodeProperties,
  zones: readonly TNodeProperties[],
  envs: readonly string[],
  env: string,
): string[] {
  if (isOverridden(frontEnd, 'domains')) return domainsIn(frontEnd, frontEnd.overrides[env]);
  const followed = zones.map((z) => zoneDomains(z, envs)).filter((z) => z.follows);
  return domainsIn(frontEnd, undefined).map((d) => {
    const zone = followed.find((z) => isInZone(d, z.domain));
    return zone ? moveUnder(d, zone.domain, zone.values[env]!) : d;
  });
}
