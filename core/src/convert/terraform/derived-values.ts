import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TConnection } from '../../iac/design/schema-v2';
import type { TPropertyValue } from '../../iac/types';
import { builtView, serviceProbe } from './probe';
import { buildDesign, probeDesign, type TPeer } from './probe-design';
import type { TPropertyProbe } from './probe-values';
import type { TView } from './view';
import { escapeRe } from './names';
import { markDerived } from './probe-read';

/**
 * Text properties whose empty default lets the build derive the value from the connections (a
 * log sink's filter over its sources, an e-mail domain from its DNS zone): a text read that is
 * only what the connections derive, joined, is that empty default.
 */
export interface TDerivedInput {
  readonly service: TServiceDefinition;
  readonly properties: Record<string, TPropertyValue>;
  readonly placed: boolean;
  /** The components it is wired to, with the properties read for them. */
  readonly wired: readonly {
    readonly service: TServiceDefinition;
    readonly properties: Readonly<Record<string, TPropertyValue>>;
    /** The connection chosen between the two, where known (else any is tried). */
    readonly link?: { readonly type: 'data' | 'traffic'; readonly outgoing: boolean };
  }[];
}

/** Whether `text` is one or more of `parts`, joined by one separator (`a OR b`). */
export function isJoinOf(text: string, parts: readonly string[]): boolean {
  const usable = [...new Set(parts)].filter((p) => p !== '');
  if (usable.includes(text)) return true;
  const any = usable.map(escapeRe).join('|');
  if (any === '') return false;
  for (const first of usable) {
    if (!text.startsWith(first)) continue;
    const rest = text.slice(first.length);
    for (const next of usable) {
      const at = rest.indexOf(next);
      if (at <= 0) continue;
      const separator = escapeRe(rest.slice(0, at));
      if (new RegExp(`^(?:${any})(?:${separator}(?:${any}))*$`).test(text)) return true;
    }
  }
  return false;
}

const ANY_LINK = (['data', 'traffic'] as const).flatMap((type) =>
  [true, false].map((outgoing) => ({ type, outgoing })),
);

const ID = 'probe-x';
const cache = new Map<string, TView | undefined>();

/** The view of the service built with `properties`, connected to `peer` (with its properties). */
function connectedView(
  service: TServiceDefinition,
  region: string,
  properties: Record<string, TPropertyValue>,
  placed: boolean,
  peer: TPeer,
): TView | undefined {
  const id = JSON.stringify([
    service.id,
    region,
    properties,
    placed,
    peer.service.id,
    peer.type,
    peer.outgoing,
    peer.properties,
  ]);
  if (cache.has(id)) return cache.get(id);
  const design = probeDesign(service.cloud, region, [
    { id: ID, service, properties, placed, peer },
  ]);
  const built = buildDesign(design);
  const view = built ? builtView(built, ID) : undefined;
  if (cache.size > 2_000) cache.clear();
  cache.set(id, view);
  return view;
}

/** The text the build writes at `key` for the empty property, connected to `peer`. */
function derivedWith(
  service: TServiceDefinition,
  region: string,
  properties: Record<string, TPropertyValue>,
  placed: boolean,
  peer: TPeer,
  key: string,
): string | undefined {
  const v = connectedView(service, region, properties, placed, peer)?.get(key)?.v;
  return typeof v === 'string' ? v : undefined;
}

/** The keys of the properties read that are only what the connections derive (then marked so). */
export function derivedProperties(input: TDerivedInput, region: string): string[] {
  const { service, properties, placed, wired } = input;
  const probe = serviceProbe(service.id, region, placed);
  if (!probe || wired.length === 0) return [];
  const out: string[] = [];
  for (const def of service.properties) {
    const value = properties[def.key];
    if (def.type !== 'string' || def.default !== '' || typeof value !== 'string' || value === '')
      continue;
    const p = probe.properties.find((x) => x.key === def.key);
    const at =
      p?.kind === 'text' ? p.at.find((a) => a.prefix === '"' && a.suffix === '"') : undefined;
    // Only where the build writes something for the empty default: it derives the value.
    const alone = probe.base.get(at?.key ?? '')?.v;
    if (!at || alone === undefined) continue;
    const empty = { ...properties, [def.key]: '' };
    const parts: string[] = [];
    for (const other of wired)
      for (const { type, outgoing } of other.link ? [other.link] : ANY_LINK) {
        const peer = { service: other.service, type, outgoing, properties: other.properties };
        const text = derivedWith(service, region, empty, placed, peer, at.key);
        // What the build writes with no connection at all is no derivation: the empty default
        // may derive another text in the design (an NSG's source from what reaches its subnets),
        // so such a text stays as read.
        if (text !== undefined && !text.includes('zq7') && text !== alone) parts.push(text);
      }
    if (isJoinOf(value, parts)) {
      markDerived(service.id, def.key, value);
      out.push(def.key);
    }
  }
  return out;
}

/** The keys of the view a probed property shows at. */
function probedKeys(p: TPropertyProbe | undefined): readonly string[] {
  switch (p?.kind) {
    case 'choice':
      return p.keys;
    case 'linear':
    case 'list':
      return p.at;
    case 'text':
    case 'number-in-text':
      return p.at.map((a) => a.key);
    default:
      return [];
  }
}

/**
 * The keys of the properties read that a connection decides instead (a disk attached to a VM
 * sits in the VM's zone, whatever its own zone says): the build connected to a wired component,
 * with that one's properties and without the value read, writes what was read where the
 * property shows. No value of it can be read back there: it stays the default.
 */
export function givenByConnections(
  input: TDerivedInput & { view: TView },
  region: string,
): string[] {
  const { service, properties, placed, wired, view } = input;
  const alone = serviceProbe(service.id, region, placed);
  if (!alone || wired.length === 0) return [];
  const out: string[] = [];
  for (const def of service.properties) {
    if (properties[def.key] === undefined) continue;
    const keys = probedKeys(alone.properties.find((x) => x.key === def.key));
    if (keys.length === 0) continue;
    const without = Object.fromEntries(Object.entries(properties).filter(([k]) => k !== def.key));
    const given = wired.some((other) =>
      (['data', 'traffic'] as const).some((type) =>
        [true, false].some((outgoing) => {
          const peer = { service: other.service, type, outgoing };
          const connected = serviceProbe(service.id, region, placed, peer);
          if (connected?.properties.find((x) => x.key === def.key)?.kind !== 'hidden') return false;
          const built = connectedView(service, region, without, placed, {
            ...peer,
            properties: other.properties,
          });
          return !!built && keys.every((k) => view.has(k) && built.get(k)?.c === view.get(k)?.c);
        }),
      ),
    );
    if (given) out.push(def.key);
  }
  return out;
}

/**
 * Once the connections are chosen (grants included, which no reference shows): a text that is
 * only what they derive (a sink's filter over the services logging to it) is the empty default
 * that derives it; a text of its own stays.
 */
export function resetDerived(
  components: readonly (Omit<TDerivedInput, 'wired'> & { readonly id: string })[],
  connections: readonly TConnection[],
  region: string,
): void {
  const byId = new Map(components.map((c) => [c.id, c]));
  for (const c of components) {
    const wired = connections.flatMap((x) => {
      const other = byId.get(x.from === c.id ? x.to : x.to === c.id ? x.from : '');
      const type = x.type === 'data' || x.type === 'traffic' ? x.type : undefined;
      return other && type ? [{ ...other, link: { type, outgoing: x.from === c.id } }] : [];
    });
    for (const key of derivedProperties({ ...c, wired }, region)) delete c.properties[key];
  }
}
