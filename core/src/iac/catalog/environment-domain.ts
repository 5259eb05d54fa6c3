import { BuildError } from '../build/terraform-build';
import { tfVar, tpl, type TTfValue } from '../ir/terraform-ir';
import type { TNode, TTfBuildContext } from './service';
import { joinWords } from '../naming/join-words';
import { isUnder } from './domain-names';

/**
 * Domains that must differ between environments: a public DNS zone (only one zone of a name can
 * be delegated to, and OCI's global zone names are unique in the realm) and the email domains in
 * it (an SES identity is unique in the account and region, an OCI email domain in the tenancy and
 * region). Used by the DNS zone builders of the four clouds, the email builders of AWS and OCI and
 * the certificate domains of Google's HTTPS front ends.
 */

/** What these helpers read of a node: its properties and each environment's overrides. */
export interface TNodeProperties {
  readonly properties: Readonly<Record<string, unknown>>;
  readonly overrides: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** The properties panel's hint for a public zone's domain. */
export const ZONE_DOMAIN_HINT =
  "The last (production) environment's domain; the others get <env>.<domain> (dev.example.com), as a parent delegates a name to one zone only. Override it per environment to choose.";

/** Why a public zone's domain differs per environment (the variable's description says it). */
export const PUBLIC_ZONE_WHY = 'the parent domain delegates a name to one zone only';

/**
 * The domain of each environment for a property that must differ between them (a global DNS
 * zone's name is unique in the realm, an email domain in the tenancy and region): the last
 * environment, production in the design's promotion order, has the property's domain, each other
 * one `<env>.<domain>` (`dev.shop.example.com`). Where the property is overridden (`isGiven`),
 * every environment has the value given for it, the base where none is.
 */
export function domainsByEnvironment(
  node: TNodeProperties,
  key: string,
  envs: readonly string[],
): { readonly values: Readonly<Record<string, string>>; readonly isGiven: boolean } {
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const base = text(node.properties[key], '');
  const isGiven = envs.some((e) => node.overrides[e]?.[key] !== undefined);
  const production = envs[envs.length - 1];
  const values = Object.fromEntries(
    envs.map((e) => [
      e,
      isGiven ? text(node.overrides[e]?.[key], base) : e === production ? base : `${e}.${base}`,
    ]),
  );
  return { values, isGiven };
}

/**
 * The node's domain (property `key`) in the code: a variable with each environment's value
 * (domainsByEnvironment), the domain itself in a design of one environment. Two environments
 * given one domain are refused: the second apply would fail.
 */
export function environmentDomain(ctx: TTfBuildContext, key: string, why: string): TTfValue {
  const envs = ctx.environments;
  const { values, isGiven } = domainsByEnvironment(ctx.node, key, envs);
  if (isGiven) {
    refuseSharedDomain(ctx.node, key, values, envs, why);
    return ctx.prop(key);
  }
  return domainPerEnvironment(ctx, key, values, why);
}

/** Whether some environment overrides the node's `key`. */
export const isOverridden = (node: Pick<TNodeProperties, 'overrides'>, key: string): boolean =>
  Object.values(node.overrides).some((o) => o[key] !== undefined);

/** `<node>_<key>` in snake case, without saying a word twice (`mail_from_domain` of `mail`). */
const domainVariable = (node: TNode, key: string): string =>
  joinWords(
    node.local,
    key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    new Set(),
  );

/** Refuses domains given per environment where two environments would have one. */
export function refuseSharedDomain(
  node: TNode,
  key: string,
  values: Readonly<Record<string, string>>,
  envs: readonly string[],
  why: string,
): void {
  const twice = envs.find((e, i) => envs.findIndex((o) => values[o] === values[e]) !== i);
  if (twice === undefined) return;
  const first = envs.find((o) => values[o] === values[twice])!;
  throw new BuildError(
    `${node.id}: ${first} and ${twice} would both use ${key} ${values[twice]}, but ${why}: give ${key} a value of its own in each environment, or override it in none`,
  );
}

/** One value per environment: a literal when there is one environment, else a variable. */
export function domainPerEnvironment(
  ctx: TTfBuildContext,
  key: string,
  values: Readonly<Record<string, string>>,
  why: string,
): TTfValue {
  const envs = ctx.environments;
  if (envs.length <= 1) return values[envs[0]!] ?? ctx.value(key);
  const production = envs[envs.length - 1]!;
  return ctx.variable({
    name: domainVariable(ctx.node, key),
    type: 'string',
    description: `${ctx.node.service.name} ${ctx.node.name}: ${key} in this environment: ${values[production]} in ${production}, with the environment's name added in the others, as ${why}.`,
    perEnv: values,
  });
}

/** `<host>.<domain>`, the domain a literal or an expression. */
export const hostIn = (host: string, domain: TTfValue): TTfValue =>
  typeof domain === 'string' ? `${host}.${domain}` : tpl(`${host}.`, domain);

/**
 * The domain a zone node has in this environment, from another node's builder: the literal in a
 * design of one environment, else the zone's variable `<zone>_domain`, which the zone's builder
 * declares (environmentDomain).
 */
export function zoneDomainOf(ctx: TTfBuildContext, zone: TNode): TTfValue {
  const envs = ctx.environments;
  const { values } = domainsByEnvironment(zone, 'domain', envs);
  return envs.length <= 1
    ? (values[envs[0]!] ?? String(zone.properties['domain']))
    : tfVar(
        isOverridden(zone, 'domain')
          ? `${zone.local}_domain` // the zone's own override: ctx.prop's variable
          : domainVariable(zone, 'domain'),
      );
}

/** A domain of this environment in the zone: `<host>.` before the zone's, or the zone's own. */
export function underZone(
  ctx: TTfBuildContext,
  zone: TNode,
  domain: string,
  key: string,
  why: string,
): TTfValue {
  const zoneDomain = String(zone.properties['domain']);
  if (domain === zoneDomain) return zoneDomainOf(ctx, zone);
  const host = domain.slice(0, domain.length - zoneDomain.length);
  const zones = domainsByEnvironment(zone, 'domain', ctx.environments).values;
  const values = Object.fromEntries(Object.entries(zones).map(([e, d]) => [e, `${host}${d}`]));
  return domainPerEnvironment(ctx, key, values, why);
}

/** Whether `domain` is the zone's domain or under it. */
export const isInZone = (domain: string, zoneDomain: string | undefined): boolean =>
  zoneDomain !== undefined && isUnder(domain, zoneDomain);

/**
 * The email domain of an email service in this environment, one per environment: the connected
 * zone's own domain is that zone's name (`zoneName`), a subdomain of it is under the zone of each
 * environment (`mail.dev.shop.example.com`), and a domain of its own is made one per environment
 * as a zone's is (domainsByEnvironment). Without either, a required variable.
 */
export function emailDomainOf(
  ctx: TTfBuildContext,
  zone: TNode | undefined,
  zoneName: TTfValue | undefined,
  why: string,
): { domain: TTfValue; inZone: boolean } {
  const zoneDomain = zone ? String(zone.properties['domain']) : undefined;
  const own = ctx.value('domain');
  const isGiven = isOverridden(ctx.node, 'domain');
  const inZone = zoneDomain !== undefined && (own === '' || isInZone(own, zoneDomain));
  if (zone && inZone && !isGiven) {
    if ((own === '' || own === zoneDomain) && zoneName !== undefined)
      return { domain: zoneName, inZone };
    return { domain: underZone(ctx, zone, own === '' ? zoneDomain : own, 'domain', why), inZone };
  }
  const domain: TTfValue =
    own !== '' || isGiven
      ? environmentDomain(ctx, 'domain', why)
      : ctx.variable({
          name: `${ctx.node.local}_domain`,
          type: 'string',
          description: `Email domain of ${ctx.node.name} in this environment (a domain you control, such as mail.example.com; one per environment, as ${why}).`,
        });
  return { domain, inZone };
}
