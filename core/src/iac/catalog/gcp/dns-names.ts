/**
 * Which names of a Google-managed certificate a Cloud DNS zone holds. The certificate is issued
 * only once each of its domains resolves to the load balancer's address, so the zone writes its
 * A record under those names, not under a name of its own choosing.
 * https://cloud.google.com/load-balancing/docs/ssl-certificates/google-managed-certs
 */

const bare = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/** Whether `domain` is the zone's own domain or a name under it. */
export const isInZone = (domain: string, zone: string): boolean =>
  bare(domain) === bare(zone) || bare(domain).endsWith(`.${bare(zone)}`);

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
