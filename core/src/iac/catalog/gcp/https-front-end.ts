import type { TEdge, TTfBuildContext } from '../service';
import type { TPropertyDefinition } from '../../types';
import { BuildError } from '../../build/terraform-build';
import { block, call, ref, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { bare, domainsIn, isInZone, zoneDomainIn, zoneDomains } from './dns-names';
import { hostIn, zoneDomainOf } from '../environment-domain';

/** The `domains` property of the HTTPS front ends (load balancer, CDN). */
export const DOMAINS: TPropertyDefinition = {
  key: 'domains',
  label: 'Certificate domains',
  type: 'string-list',
  default: [],
  description:
    'Domains of the Google-managed certificate (their DNS must point at the address); a Cloud DNS zone connected to it holds the records of those in the zone, which follow its domain in each environment (www.dev.shop.example.com in dev). Empty: <component>.<zone domain> for each such zone, else a required variable <component>_domains. May be given per environment instead.',
};

/**
 * The certificate's domains: the property, else the name each Cloud DNS zone pointing here
 * gives it (`<component>.<zone domain>`, the record that zone writes), else a variable. Domains
 * that differ between environments are a variable with each one's list; an environment that
 * gives none takes its zones' names there (`coalescelist`), and without a zone it would have a
 * certificate of no domain, which is refused.
 */
function certificateDomains(ctx: TTfBuildContext): TTfValue {
  const zones = ctx.incoming('traffic').filter((e) => e.node.service.kind === 'dns-zone');
  const zoneNames = () =>
    zones.map((e) =>
      tpl(
        `${ctx.node.name}.`,
        call('trimsuffix', ref(ctx.address(e.node, 'google_dns_managed_zone'), 'dns_name'), '.'),
      ),
    );
  const envs = ctx.environments;
  if (envs.some((e) => ctx.node.overrides[e]?.['domains'] !== undefined)) {
    const given = ctx.prop('domains');
    const without = envs.filter((e) => domainsIn(ctx.node, ctx.node.overrides[e]).length === 0);
    if (without.length === 0) return given;
    if (zones.length === 0)
      throw new BuildError(
        `${ctx.node.id}: domains is empty in ${without.join(', ')} but not in every environment, and no Cloud DNS zone points at ${ctx.node.name} to name its certificate there: give domains in every environment, or connect a Cloud DNS zone to it`,
      );
    return call('coalescelist', given, zoneNames());
  }
  const domains = ctx.value<string[]>('domains');
  if (domains.length > 0) return domains.map((d) => followingZone(ctx, zones, d));
  if (zones.length > 0) return zoneNames();
  return ctx.variable({
    name: `${ctx.node.local}_domains`,
    type: 'list(string)',
    description: `Domains of the managed certificate of ${ctx.node.name}; their DNS must point at its address.`,
  });
}

/**
 * A certificate domain in a zone pointing here whose domain follows the environment (dns-names.ts
 * zoneDomains): under that zone's domain of this environment (`www.${var.shop_domain}`), so the
 * certificate waits for the names of the zone this environment is delegated. Else as given.
 */
function followingZone(ctx: TTfBuildContext, zones: readonly TEdge[], domain: string): TTfValue {
  const zone = zones.find(
    (e) =>
      zoneDomains(e.node, ctx.environments).follows &&
      isInZone(domain, zoneDomainIn(e.node, undefined)),
  )?.node;
  if (!zone) return domain;
  const [bareDomain, bareZone] = [domain, zoneDomainIn(zone, undefined)].map(bare);
  return bareDomain === bareZone
    ? zoneDomainOf(ctx, zone)
    : hostIn(bareDomain!.slice(0, -bareZone!.length - 1), zoneDomainOf(ctx, zone));
}

/**
 * The public side of a global external Application Load Balancer: one static address, HTTPS on
 * 443 with a Google-managed certificate and a TLS 1.2+ policy, and `httpPort` answering a
 * redirect to HTTPS only (policy gcp-lb-https-only).
 * https://cloud.google.com/load-balancing/docs/https/setting-up-http-https-redirect
 */
export function httpsFrontEnd(ctx: TTfBuildContext, urlMap: TTfValue, httpPort: TTfValue): TTfRef {
  const local = ctx.node.local;
  const cert = ctx.resource('google_compute_managed_ssl_certificate', local, {
    name: ctx.name('cert'),
    managed: block({ domains: certificateDomains(ctx) }),
  });
  const tls = ctx.resource('google_compute_ssl_policy', local, {
    name: ctx.name('tls'),
    profile: 'MODERN',
    min_tls_version: 'TLS_1_2',
  });
  const proxy = ctx.resource('google_compute_target_https_proxy', local, {
    name: ctx.name('proxy'),
    url_map: urlMap,
    ssl_certificates: [ref(cert.address, 'id')],
    ssl_policy: ref(tls.address, 'id'),
  });
  const address = ctx.resource('google_compute_global_address', local, {
    name: ctx.name('ip'),
    ip_version: 'IPV4',
  });
  ctx.resource('google_compute_global_forwarding_rule', local, {
    name: ctx.name(),
    target: ref(proxy.address, 'id'),
    ip_address: ref(address.address, 'id'),
    ip_protocol: 'TCP',
    port_range: '443',
    load_balancing_scheme: 'EXTERNAL_MANAGED',
    labels: ctx.tags(),
  });
  const redirectMap = ctx.resource('google_compute_url_map', `${local}_redirect`, {
    name: ctx.name('redirect'),
    default_url_redirect: block({
      https_redirect: true,
      redirect_response_code: 'MOVED_PERMANENTLY_DEFAULT',
      strip_query: false,
    }),
  });
  const httpProxy = ctx.resource('google_compute_target_http_proxy', `${local}_redirect`, {
    name: ctx.name('http'),
    url_map: ref(redirectMap.address, 'id'),
  });
  ctx.resource('google_compute_global_forwarding_rule', `${local}_http`, {
    name: ctx.name('http'),
    target: ref(httpProxy.address, 'id'),
    ip_address: ref(address.address, 'id'),
    ip_protocol: 'TCP',
    port_range: httpPort,
    load_balancing_scheme: 'EXTERNAL_MANAGED',
    labels: ctx.tags(),
  });
  return address;
}

export const FRONT_END_TYPES = [
  'google_compute_target_https_proxy',
  'google_compute_managed_ssl_certificate',
  'google_compute_ssl_policy',
] as const;
