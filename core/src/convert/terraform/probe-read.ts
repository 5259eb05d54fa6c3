import type { TPropertyDefinition, TPropertyValue } from '../../iac/types';
import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TServiceProbe } from './probe';
import { escapeRe } from './names';
import { itemParts } from './probe-parts';
import { ABSENT, GIVEN_LIST, isKeyOf, numeric, tokens, type TPropertyProbe } from './probe-values';
import type { TView, TViewEntry } from './view';

/** A key with its positions and items as `#` (`rule[#].statement…`, `…_in_#/cidr_ipv4`). */
const loose = (key: string) => key.replace(/(?<=\[|_)\d+(?=\]|[_/.]|$)/g, '#');
const byLoose = new WeakMap<TView, Map<string, TViewEntry>>();

/**
 * The entry at a probed key; else at the same key with other numbers where the probe's were
 * positions or items (`rule[3]` is `rule[4]` once a rule before it is on, `_in_443/` is
 * `_in_22/` with other ports): the first such entry.
 */
function entryAt(view: TView, key: string): TViewEntry | undefined {
  const exact = view.get(key);
  if (exact) return exact;
  let index = byLoose.get(view);
  if (!index) {
    index = new Map();
    for (const [k, e] of view) if (!index.has(loose(k))) index.set(loose(k), e);
    byLoose.set(view, index);
  }
  return index.get(loose(key));
}

/**
 * A family probed inside a resource named after another list's item (the servers of the rule
 * `…_rule_zq7given/target_dns_servers[`): read in the first resource of that kind there is.
 */
function familyPrefix(view: TView, keyPrefix: string): string {
  const given = GIVEN_LIST[0]!;
  const at = keyPrefix.indexOf(given);
  if (at === -1) return keyPrefix;
  const [head, tail] = [keyPrefix.slice(0, at), keyPrefix.slice(at + given.length)];
  // One block is keyed unnumbered (`…/target_dns_servers.ip_address`): the block's name alone.
  const stem = tail.endsWith('[') ? tail.slice(0, -1) : tail;
  for (const k of view.keys()) {
    const end = k.startsWith(head) ? k.indexOf(stem, head.length) : -1;
    if (end > head.length && !k.slice(head.length, end).includes('/'))
      return k.slice(0, end) + tail;
  }
  return keyPrefix;
}

/** A key with the numbers of its resource's name as `#` (`…_public_80/` is `…_public_443/`). */
const looseName = (key: string) => {
  const at = key.indexOf('/');
  return at === -1 ? key : key.slice(0, at).replace(/(?<=_)\d+(?=_|$)/g, '#') + key.slice(at);
};
const byLooseName = new WeakMap<TView, Map<string, TViewEntry>>();

/**
 * The entry at a probed key; else at the same key where the probe's numbers in the resource's
 * name were items of another property (a listener's port in its ingress rule's name).
 */
function namedEntryAt(view: TView, key: string): TViewEntry | undefined {
  const exact = view.get(key);
  if (exact || looseName(key) === key) return exact;
  let index = byLooseName.get(view);
  if (!index) {
    index = new Map();
    for (const [k, e] of view) if (!index.has(looseName(k))) index.set(looseName(k), e);
    byLooseName.set(view, index);
  }
  return index.get(looseName(key));
}

/** The probe's local name in what it wrote (its own data sources: `data.x.probe_x_unix_rce`). */
const PROBE_LOCAL = /probe_x(?=[_.\]"]|$)/g;
const localPatterns = new Map<string, RegExp>();

/** Equal, or equal but for the local name that names the component's own data sources. */
export function sameUpToLocal(probed: string, actual: string): boolean {
  if (probed === actual) return true;
  if (!probed.includes('probe_x')) return false;
  let pattern = localPatterns.get(probed);
  if (!pattern) {
    const escaped = probed.split(PROBE_LOCAL).map(escapeRe).join('[a-z][a-z0-9_]*?');
    pattern = new RegExp(`^${escaped}$`);
    localPatterns.set(probed, pattern);
  }
  return pattern.test(actual);
}

/** The text between `prefix` and `suffix` of a canonical value, unquoted when it was a string. */
function between(c: string, prefix: string, suffix: string): string | undefined {
  let middle: string | undefined;
  if (c.length >= prefix.length + suffix.length && c.startsWith(prefix) && c.endsWith(suffix))
    middle = c.slice(prefix.length, c.length - suffix.length);
  else {
    // Inside a larger text that also holds what connections write (a container's environment):
    // the text just around the value locates it.
    const before = prefix.slice(-24);
    const after = /^[^A-Za-z0-9]+/.exec(suffix)?.[0] ?? suffix;
    const i = before === '' ? -1 : c.indexOf(before);
    const end = i === -1 || after === '' ? -1 : c.indexOf(after, i + before.length);
    if (end !== -1) middle = c.slice(i + before.length, end);
  }
  if (middle === undefined || middle === '' || middle.includes('${')) return undefined;
  if (!/[{}"]/.test(middle)) return middle;
  // Escaped inside a string (`{\"job\":\"reconcile\"}`): the string's own text.
  if (!prefix.endsWith('"') || !suffix.startsWith('"')) return undefined;
  try {
    return JSON.parse(`"${middle}"`) as string;
  } catch {
    return undefined;
  }
}

/**
 * Texts found to be what the build derives from the connections when a property is empty (a
 * log sink's filter over its sources): read as that empty default in every environment. Kept
 * for one import (components.ts starts each reading afresh).
 */
const derived = new Set<string>();
const derivedKey = (serviceId: string, key: string, text: string) =>
  JSON.stringify([serviceId, key, text]);
export const markDerived = (serviceId: string, key: string, text: string) =>
  derived.add(derivedKey(serviceId, key, text));
export const forgetDerived = () => derived.clear();

/** Reads the properties of `service` back from a component's view (the defaults where unseen). */
export function recoverProperties(
  probe: TServiceProbe,
  view: TView,
): Record<string, TPropertyValue> {
  const out: Record<string, TPropertyValue> = {};
  for (const p of probe.properties) {
    const def = probe.service.properties.find((d) => d.key === p.key)!;
    const value = recoverOne(p, def, view, probe.service);
    if (typeof value === 'string' && derived.has(derivedKey(probe.service.id, p.key, value)))
      continue;
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(def.default))
      out[p.key] = value;
  }
  return out;
}

function recoverOne(
  p: TPropertyProbe,
  def: TPropertyDefinition,
  view: TView,
  service: TServiceDefinition,
): TPropertyValue | undefined {
  switch (p.kind) {
    case 'hidden':
      return undefined;
    case 'choice': {
      const actual = p.keys.map((k) => namedEntryAt(view, k)?.c ?? ABSENT);
      const fallback = p.options.find(
        (o) => JSON.stringify(o.value) === JSON.stringify(def.default),
      );
      let best: TPropertyValue | undefined;
      let bestScore = -1;
      for (const o of p.options) {
        // A text several properties write (an alarm's query): what this option changes in it.
        const partly = (c: string, i: number) =>
          fallback !== undefined && c !== ABSENT && actual[i] !== ABSENT
            ? ownPart(actual[i]!, c, fallback.sig[i]!)
            : 0;
        const score = o.sig.reduce(
          (n, c, i) => n + (sameUpToLocal(c, actual[i]!) ? 1 : partly(c, i)),
          0,
        );
        const isDefault = JSON.stringify(o.value) === JSON.stringify(def.default);
        if (score > bestScore || (score === bestScore && isDefault)) {
          best = o.value;
          bestScore = score;
        }
      }
      return best;
    }
    case 'linear': {
      for (const k of p.at) {
        const y = numeric(entryAt(view, k)?.c);
        if (y === undefined) continue;
        let x = (y - p.b) / p.a;
        if (p.integer) x = Math.round(x);
        if ((p.min !== undefined && x < p.min) || (p.max !== undefined && x > p.max)) continue;
        return x;
      }
      return undefined;
    }
    case 'list': {
      for (const k of p.at) {
        const v = entryAt(view, k)?.v;
        if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return [...v];
      }
      return undefined;
    }
    case 'list-family': {
      const items: string[] = [];
      const keyPrefix = familyPrefix(view, p.keyPrefix);
      // One block is read unnumbered (`security_rule.name`, not `security_rule[0].name`).
      const one =
        keyPrefix.endsWith('[') && p.keySuffix.startsWith(']')
          ? view.get(`${keyPrefix.slice(0, -1)}${p.keySuffix.slice(1)}`)
          : undefined;
      // Items the builder splits into the block's attributes (`name:type` columns): rejoined.
      const parts = itemParts(service, p);
      const joined = (item: string, block: string) => {
        const second = parts ? view.get(`${block}${parts.keySuffix.slice(1)}`)?.v : undefined;
        return typeof second === 'string' ? `${item}${parts!.separator}${second}` : item;
      };
      if (one && one.c.startsWith(p.prefix) && one.c.endsWith(p.suffix))
        return [
          joined(
            one.c.slice(p.prefix.length, one.c.length - p.suffix.length),
            keyPrefix.slice(0, -1),
          ),
        ];
      for (let i = p.start; ; i++) {
        const e = view.get(`${keyPrefix}${i}${p.keySuffix}`);
        if (!e || !e.c.startsWith(p.prefix) || !e.c.endsWith(p.suffix)) break;
        items.push(
          joined(e.c.slice(p.prefix.length, e.c.length - p.suffix.length), `${keyPrefix}${i}]`),
        );
      }
      return items;
    }
    case 'list-keyed': {
      const items: string[] = [];
      for (const [k, e] of view) {
        if (!k.startsWith(p.keyPrefix) || !k.endsWith(p.keySuffix)) continue;
        const middle = k.slice(p.keyPrefix.length, k.length - p.keySuffix.length);
        if (middle.includes('/') || !e.c.startsWith(p.prefix) || !e.c.endsWith(p.suffix)) continue;
        const item = e.c.slice(p.prefix.length, e.c.length - p.suffix.length);
        const text = /^"(.*)"$/.exec(item)?.[1] ?? item;
        if (isKeyOf(middle, text)) items.push(text);
      }
      return items;
    }
    case 'number-in-text': {
      for (const { key, before: probed, after } of p.at) {
        const c = entryAt(view, key)?.c;
        // Less of the text before it where other properties change that text (`.max() > `).
        const unique = (b: string) => c!.indexOf(b) !== -1 && c!.indexOf(b) === c!.lastIndexOf(b);
        const before =
          c === undefined
            ? undefined
            : c.includes(probed)
              ? probed
              : [12, 6, 3].map((n) => probed.slice(-n)).find(unique);
        const i = before === undefined ? -1 : c!.indexOf(before);
        if (c !== undefined && before !== undefined && i !== -1) {
          const m = /^-?\d+(\.\d+)?/.exec(c.slice(i + before.length));
          if (m) return Number(m[0]);
        }
        // Written last, after text other properties change (`.max() < 1` of `.mean() > 80`); at
        // the probed key itself (not in a family of numbered resources, whose names end in numbers).
        if (c !== undefined && after !== undefined && view.has(key) && c.endsWith(after)) {
          const m = /(?<![\d.])-?\d+(\.\d+)?$/.exec(c.slice(0, c.length - after.length));
          if (m) return Number(m[0]);
        }
      }
      return undefined;
    }
    case 'text': {
      for (const { key, prefix, suffix } of p.at) {
        const e = entryAt(view, key);
        if (!e) continue;
        if (prefix === '"' && suffix === '"' && typeof e.v === 'string') return e.v;
        const middle = between(e.c, prefix, suffix);
        if (middle !== undefined) return def.type === 'number' ? Number(middle) : middle;
      }
      return undefined;
    }
  }
}

/** Half a match when all that an option writes unlike the default is in the text. */
function ownPart(actual: string, option: string, fallback: string): number {
  const base = tokens(fallback);
  const own = [...tokens(option)].filter((t) => !base.has(t));
  if (own.length === 0) return 0;
  const present = tokens(actual);
  return own.every((t) => present.has(t)) ? 0.5 : 0;
}
