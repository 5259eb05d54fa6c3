import type { TPropertyValue } from '../../iac/types';
import { asPeer, type TRecovered } from './components';
import { fitScore, type TServiceProbe } from './probe';
import type { TPeer } from './probe-design';
import { recoverProperties } from './probe-read';
import type { TPropertyProbe } from './probe-values';
import type { TView } from './view';

/**
 * A component read in another environment than the first: what its per-environment variables
 * change there. A value the build writes from the first environment's properties (an Azure
 * plan's `always_on`, written for the design's sku only) or from several of them together (a
 * Kafka cluster's memory: its vCPUs times the memory per vCPU) is the same in every environment
 * or follows another property, and tells nothing about this environment on its own.
 */
export interface TEnvironmentRead {
  readonly probe: TServiceProbe;
  /** The component's view in this environment, and in the first one. */
  readonly view: TView;
  readonly baseView: TView;
  /** The properties read in the first environment (derived and given ones left out). */
  readonly base: Readonly<Record<string, TPropertyValue>>;
  readonly region: string;
  readonly placed: boolean;
  readonly peer?: TPeer;
}

/** A key with its positions and items as `#` (`rule[3]` is `rule[#]`), as probe-read.ts reads. */
const loose = (key: string) => key.replace(/(?<=\[|_)\d+(?=\]|[_/.]|$)/g, '#');

interface TChanged {
  has(key: string): boolean;
  /** Whether a changed key starts so (an item's resource or block of a list property). */
  hasUnder(prefix: string): boolean;
}

/** The keys whose text differs between the two views (there in one only included). */
function changedKeys(view: TView, baseView: TView): TChanged {
  const exact = new Set<string>();
  for (const [k, e] of view) if (baseView.get(k)?.c !== e.c) exact.add(k);
  for (const k of baseView.keys()) if (!view.has(k)) exact.add(k);
  const loosely = new Set([...exact].map(loose));
  return {
    has: (key) => exact.has(key) || loosely.has(loose(key)),
    hasUnder: (prefix) => [...exact].some((k) => k.startsWith(prefix)),
  };
}

/** The probe of a property narrowed to the keys that changed, or undefined when none did. */
function narrowed(p: TPropertyProbe, changed: TChanged): TPropertyProbe | undefined {
  switch (p.kind) {
    case 'choice': {
      const at = p.keys.flatMap((k, i) => (changed.has(k) ? [i] : []));
      if (at.length === 0) return undefined;
      return {
        ...p,
        keys: at.map((i) => p.keys[i]!),
        options: p.options.map((o) => ({ ...o, sig: at.map((i) => o.sig[i]!) })),
      };
    }
    case 'linear':
    case 'list': {
      const at = p.at.filter((k) => changed.has(k));
      return at.length === 0 ? undefined : { ...p, at };
    }
    case 'text': {
      const at = p.at.filter((a) => changed.has(a.key));
      return at.length === 0 ? undefined : { ...p, at };
    }
    case 'number-in-text': {
      const at = p.at.filter((a) => changed.has(a.key));
      return at.length === 0 ? undefined : { ...p, at };
    }
    case 'list-family':
    case 'list-keyed':
      // Items are resources or blocks of their own: any item's that changed.
      return changed.hasUnder(p.keyPrefix) ? p : undefined;
    case 'hidden':
      return undefined;
  }
}

/** Every combination of the values that differ is built: a handful at most. */
const MAX_DIFFERING = 5;

const same = (a: TPropertyValue | undefined, b: TPropertyValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The properties of a component in another environment: the first environment's, but for those
 * whose keys show a change here, read from those keys alone; a value read that the build does
 * not need to write this environment's code (another property's change explains it) stays the
 * first environment's.
 */
export function readEnvironment(input: TEnvironmentRead): Record<string, TPropertyValue> {
  const { probe, view, baseView, base, region, placed, peer } = input;
  const changed = changedKeys(view, baseView);
  const probes = probe.properties.flatMap((p) => narrowed(p, changed) ?? []);
  if (probes.length === 0) return { ...base };
  const read = recoverProperties({ ...probe, properties: probes }, view);
  const out: Record<string, TPropertyValue> = { ...base };
  for (const p of probes) {
    if (read[p.key] === undefined) delete out[p.key];
    else out[p.key] = read[p.key]!;
  }
  // Fewest differences that build this code as well: a value read that another's change
  // explains (the memory that follows the vCPUs) stays the first environment's.
  const differing = probe.service.properties
    .map((d) => d.key)
    .filter((k) => !same(out[k], base[k]))
    .slice(0, MAX_DIFFERING);
  if (differing.length === 0) return out;
  let best = { properties: out, score: Number.NEGATIVE_INFINITY, kept: differing.length + 1 };
  for (let mask = 0; mask < 2 ** differing.length; mask++) {
    const properties: Record<string, TPropertyValue> = { ...out };
    let kept = 0;
    differing.forEach((k, i) => {
      if (mask & (2 ** i)) kept++;
      else if (base[k] === undefined) delete properties[k];
      else properties[k] = base[k]!;
    });
    const score = fitScore(probe.service, region, properties, view, placed, peer);
    if (score > best.score || (score === best.score && kept < best.kept))
      best = { properties, score, kept };
  }
  // Built in no way (the probe cannot build it alone): as read.
  return best.score === Number.NEGATIVE_INFINITY ? out : best.properties;
}

/**
 * A recovered component read in another environment (`view`), its first environment's view and
 * properties as read (`baseView`: the view it was recovered from), seen as it was read: alone or
 * as its peer's.
 */
export function readRecoveredEnvironment(
  r: TRecovered,
  probe: TServiceProbe,
  views: { readonly view: TView; readonly baseView: TView },
  where: { readonly region: string; readonly placed: boolean },
): Record<string, TPropertyValue> {
  const seen = (v: TView) => (r.peerLocal ? asPeer(v, r.peerLocal, r.candidate.owned) : v);
  return readEnvironment({
    probe,
    view: seen(views.view),
    baseView: seen(views.baseView),
    base: r.properties,
    ...where,
    ...(r.peer ? { peer: r.peer } : {}),
  });
}
