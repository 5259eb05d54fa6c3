import { sumCents } from '../costing/money';
import type { TDesign } from '../iac/design/schema-v2';
import type { TTagMap } from './model';
import { effectiveTags } from './design-tags';

export interface TProjectDesign {
  readonly id: string;
  readonly name: string;
  readonly design: Pick<TDesign, 'tags' | 'components'>;
}

export interface TTagUsageEntry {
  key: string;
  values: { value: string; components: number; assets: number }[];
  projects: { id: string; name: string; components: string[]; isDefault: boolean }[];
  components: number;
  assets: number;
}

/** Every key in the projects (design defaults and component tags) and the assets, sorted by key. */
export function tagUsage(
  projects: readonly TProjectDesign[],
  assets: readonly { readonly tags: TTagMap }[],
): TTagUsageEntry[] {
  const byKey = new Map<string, TTagUsageEntry>();
  const entry = (key: string) => {
    let e = byKey.get(key);
    if (!e) byKey.set(key, (e = { key, values: [], projects: [], components: 0, assets: 0 }));
    return e;
  };
  const value = (e: TTagUsageEntry, v: string) => {
    let found = e.values.find((x) => x.value === v);
    if (!found) e.values.push((found = { value: v, components: 0, assets: 0 }));
    return found;
  };
  for (const p of projects) {
    const perKey = new Map<string, string[]>();
    for (const c of p.design.components) {
      for (const [k, v] of Object.entries(effectiveTags(p.design, c))) {
        const e = entry(k);
        e.components += 1;
        value(e, v).components += 1;
        perKey.set(k, [...(perKey.get(k) ?? []), c.name]);
      }
    }
    for (const k of Object.keys(p.design.tags)) if (!perKey.has(k)) perKey.set(k, []);
    for (const [k, components] of perKey) {
      entry(k).projects.push({ id: p.id, name: p.name, components, isDefault: k in p.design.tags });
    }
  }
  for (const a of assets) {
    for (const [k, v] of Object.entries(a.tags)) {
      const e = entry(k);
      e.assets += 1;
      value(e, v).assets += 1;
    }
  }
  const out = [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
  for (const e of out) e.values.sort((a, b) => a.value.localeCompare(b.value));
  return out;
}

export interface TCostByTagRow {
  value: string | null;
  monthly: number;
  components: number;
  projects: { id: string; name: string; monthly: number }[];
}

/**
 * The projects' monthly estimates grouped by one key's value: each component's total goes to
 * the value it carries (its own tag over the design's), or to `null` when it has none.
 */
export function costByTag(
  projects: readonly (TProjectDesign & { readonly totals: ReadonlyMap<string, number> })[],
  key: string,
): TCostByTagRow[] {
  const rows = new Map<string | null, TCostByTagRow>();
  for (const p of projects) {
    for (const c of p.design.components) {
      const amount = p.totals.get(c.id) ?? 0;
      const v = effectiveTags(p.design, c)[key] ?? null;
      let row = rows.get(v);
      if (!row) rows.set(v, (row = { value: v, monthly: 0, components: 0, projects: [] }));
      row.components += 1;
      row.monthly = sumCents([row.monthly, amount]);
      let proj = row.projects.find((x) => x.id === p.id);
      if (!proj) row.projects.push((proj = { id: p.id, name: p.name, monthly: 0 }));
      proj.monthly = sumCents([proj.monthly, amount]);
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.monthly - a.monthly || String(a.value).localeCompare(String(b.value)),
  );
}
