import type { TPropertyDefinition, TPropertyValue } from '../../iac/types';
import type { TServiceProbe } from './probe';
import { ABSENT, numeric, type TPropertyProbe } from './probe-values';
import type { TView } from './view';

/** Reads the properties of `service` back from a component's view (the defaults where unseen). */
export function recoverProperties(
  probe: TServiceProbe,
  view: TView,
): Record<string, TPropertyValue> {
  const out: Record<string, TPropertyValue> = {};
  for (const p of probe.properties) {
    const def = probe.service.properties.find((d) => d.key === p.key)!;
    const value = recoverOne(p, def, view);
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(def.default))
      out[p.key] = value;
  }
  return out;
}

function recoverOne(
  p: TPropertyProbe,
  def: TPropertyDefinition,
  view: TView,
): TPropertyValue | undefined {
  switch (p.kind) {
    case 'hidden':
      return undefined;
    case 'choice': {
      const actual = p.keys.map((k) => view.get(k)?.c ?? ABSENT);
      let best: TPropertyValue | undefined;
      let bestScore = -1;
      for (const o of p.options) {
        const score = o.sig.reduce((n, c, i) => n + Number(c === actual[i]), 0);
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
        const y = numeric(view.get(k)?.c);
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
        const v = view.get(k)?.v;
        if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return [...v];
      }
      return undefined;
    }
    case 'list-family': {
      const items: string[] = [];
      for (let i = p.start; ; i++) {
        const e = view.get(`${p.keyPrefix}${i}${p.keySuffix}`);
        if (!e || !e.c.startsWith(p.prefix) || !e.c.endsWith(p.suffix)) break;
        items.push(e.c.slice(p.prefix.length, e.c.length - p.suffix.length));
      }
      return items;
    }
    case 'number-in-text': {
      for (const { key, before } of p.at) {
        const c = view.get(key)?.c;
        const i = c?.indexOf(before) ?? -1;
        if (c === undefined || i === -1) continue;
        const m = /^-?\d+(\.\d+)?/.exec(c.slice(i + before.length));
        if (m) return Number(m[0]);
      }
      return undefined;
    }
    case 'text': {
      for (const { key, prefix, suffix } of p.at) {
        const e = view.get(key);
        if (!e) continue;
        if (prefix === '"' && suffix === '"' && typeof e.v === 'string') return e.v;
        if (
          e.c.length >= prefix.length + suffix.length &&
          e.c.startsWith(prefix) &&
          e.c.endsWith(suffix)
        ) {
          const middle = e.c.slice(prefix.length, e.c.length - suffix.length);
          if (middle !== '' && !/[${}"]/.test(middle))
            return def.type === 'number' ? Number(middle) : middle;
        }
      }
      return undefined;
    }
  }
}
