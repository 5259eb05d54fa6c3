import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TEnvironment } from '../../iac/design/schema-v2';
import type { TPropertyValue } from '../../iac/types';

/** A component's properties as read in each environment (index 0: the first environment). */
export interface TPerEnvironment {
  readonly id: string;
  readonly service: TServiceDefinition;
  readonly perEnvironment: readonly Readonly<Record<string, TPropertyValue>>[];
}

export interface TSettled {
  /** The design's value of each property (defaults left out). */
  readonly base: Map<string, Record<string, TPropertyValue>>;
  /** Per environment (same index): component id → the values that differ from the base. */
  readonly overrides: Record<string, Record<string, TPropertyValue>>[];
}

/**
 * The base value of a property that differs between environments is the one most environments
 * hold; on a tie the catalog default when one of them holds it (a design overrides what differs
 * from the default: `mode: SINGLE_INSTANCE` in dev only), else the first environment's.
 */
export function settleEnvironments(
  components: readonly TPerEnvironment[],
  count: number,
  /** The environments' names, to recognise the domains builders give each (sameDomain). */
  names: readonly string[] = [],
): TSettled {
  const base = new Map<string, Record<string, TPropertyValue>>();
  const overrides = Array.from(
    { length: count },
    (): Record<string, Record<string, TPropertyValue>> => ({}),
  );
  for (const { id, service, perEnvironment } of components) {
    const own: Record<string, TPropertyValue> = {};
    for (const p of service.properties) {
      const read = perEnvironment.map((props) => props[p.key] ?? p.default);
      const domain = sameDomain(read, names);
      const values = domain === undefined ? read : read.map(() => domain);
      const counts = new Map<string, number>();
      for (const v of values)
        counts.set(JSON.stringify(v), (counts.get(JSON.stringify(v)) ?? 0) + 1);
      const most = Math.max(...counts.values());
      const tied = [...counts].filter(([, n]) => n === most).map(([v]) => v);
      const fallback = JSON.stringify(p.default);
      // `tied` is in the order the environments first hold each value.
      const chosen = tied.includes(fallback) ? fallback : tied[0]!;
      if (chosen !== fallback) own[p.key] = JSON.parse(chosen) as TPropertyValue;
      values.forEach((v, i) => {
        if (JSON.stringify(v) === chosen) return;
        const env = overrides[i]!;
        env[id] = { ...env[id], [p.key]: v };
      });
    }
    base.set(id, own);
  }
  return { base, overrides };
}

/**
 * A domain a builder gives each environment one of (catalog/environment-domain.ts): the last
 * environment's, with `<env>.` added at one place in every other's (`dev.shop.example.com`,
 * `mail.dev.shop.example.com` of `shop.example.com`, `mail.shop.example.com`), is that domain.
 * A list of domains (a certificate's, under such a zone) is the last one when each of its
 * entries is the same in every environment or such a domain.
 */
export function sameDomain(
  values: readonly TPropertyValue[],
  names: readonly string[],
): TPropertyValue | undefined {
  const last = values[values.length - 1];
  if (Array.isArray(last)) {
    if (values.length < 2 || names.length !== values.length || last.length === 0) return undefined;
    if (!values.every((v) => Array.isArray(v) && v.length === last.length)) return undefined;
    const entries = last.map((_, i) => values.map((v) => (v as readonly TPropertyValue[])[i]!));
    const same = (e: readonly TPropertyValue[]) => e.every((v) => v === e[0]);
    const follows = entries.every((e) => same(e) || sameDomain(e, names) !== undefined);
    return follows && !entries.every(same) ? last : undefined;
  }
  if (values.length < 2 || names.length !== values.length || typeof last !== 'string' || !last)
    return undefined;
  // Where `<env>.` goes: the start, or after a dot.
  const places = [0, ...[...last].flatMap((ch, i) => (ch === '.' ? [i + 1] : []))];
  const at = places.find((p) =>
    values.slice(0, -1).every((v, i) => v === `${last.slice(0, p)}${names[i]}.${last.slice(p)}`),
  );
  return at === undefined ? undefined : last;
}

/** The engine's refusal of one override (terraform-build.ts, `checkOverridesUsed`). */
const REFUSED = /^([a-z0-9-]+): (\S+) cannot differ between environments \(override in ([^)]+)\)$/;

/**
 * The environments without the one value the engine cannot vary (`kafka: memoryPerVcpu cannot
 * differ between environments (override in prod)`): the others stay. Undefined when the refusal
 * names no such value.
 */
export function withoutRefused(
  environments: readonly TEnvironment[],
  message: string,
): TEnvironment[] | undefined {
  const [, id, key, env] = REFUSED.exec(message) ?? [];
  const at = environments.find((e) => e.name === env);
  if (!id || !key || at?.overrides[id]?.[key] === undefined) return undefined;
  return environments.map((e) => {
    if (e !== at) return e;
    const { [key]: _refused, ...rest } = e.overrides[id]!;
    const overrides = { ...e.overrides, [id]: rest };
    if (Object.keys(rest).length === 0) delete overrides[id];
    return { ...e, overrides };
  });
}
