import { findService } from '../../iac/catalog/registry';
import type { TConnection } from '../../iac/design/schema-v2';
import type { TPropertyValue } from '../../iac/types';
import { builtView } from './probe';
import { buildDesign, isValidDesign, probeDesign } from './probe-design';
import { ABSENT } from './probe-values';
import type { TView, TViewEntry } from './view';

/**
 * The probes of connections: two-component designs built with and without a connection between
 * them, and what the connection changes in each (see probe.ts for the components' own).
 */

export interface TConnectionProbe {
  readonly type: TConnection['type'];
  /** `S|key` (source side) / `D|key` (target side) → the value the connection writes. */
  readonly sig: ReadonlyMap<string, string>;
  /** The same keys without the connection (`∅` where absent): what the connection adds to. */
  readonly before: ReadonlyMap<string, string>;
}

const SRC = 'probe-src';
/** The probe target's name in the settings a connection gives its client (`PROBE_DST_HOST`). */
const SETTING_OF_TARGET = 'PROBE_DST_';
const DST = 'probe-dst';
const VIA = 'probe-via';
const pairCache = new Map<string, readonly TConnectionProbe[]>();

/** What a data or traffic connection from `from` to `to` writes into the two components. */
export interface TProbeEnd {
  readonly service: string;
  readonly properties: Readonly<Record<string, TPropertyValue>>;
  readonly placed: boolean;
}

/**
 * The target with the probe's source listed in its `senders` (catalog/senders.ts), where its
 * service has that property: a data connection whose client only sends writes less (no trigger,
 * no subscription, send-only grants), and is read back as such.
 */
export function withSourceAsSender(to: TProbeEnd): TProbeEnd | undefined {
  if (!findService(to.service)?.properties.some((p) => p.key === 'senders')) return undefined;
  return { ...to, properties: { ...to.properties, senders: [SRC] } };
}

/**
 * A third component connected to the target, through which a connection may be written (a
 * health check probes the record a DNS zone holds for the load balancer it checks).
 */
export interface TProbeVia {
  readonly end: TProbeEnd;
  readonly type: TConnection['type'];
  /** From the third component to the target (else the other way). */
  readonly outgoing: boolean;
}

export function connectionProbes(
  from: TProbeEnd,
  to: TProbeEnd,
  region: string,
  types: readonly TConnection['type'][] = ['data', 'traffic'],
  /** The connection's own port (a load balancer's target port), else the engine's choice. */
  port?: number,
  via?: TProbeVia,
): readonly TConnectionProbe[] {
  // Probed with the two components' own properties: ports show in what a connection writes
  // (`…_from_lb_8080`); names are read as the components' by the caller.
  const key = JSON.stringify([from, to, region, types, port, via]);
  const cached = pairCache.get(key);
  if (cached) return cached;
  const a = findService(from.service);
  const b = findService(to.service);
  const c = via ? findService(via.end.service) : undefined;
  const out: TConnectionProbe[] = [];
  if (a && b && (!via || c)) {
    const source = {
      id: SRC,
      service: a,
      properties: from.properties,
      placed: from.placed,
    };
    const target = {
      id: DST,
      service: b,
      properties: to.properties,
      placed: to.placed,
    };
    const third =
      c && via
        ? { id: VIA, service: c, properties: via.end.properties, placed: via.end.placed }
        : undefined;
    const thirdLink: TConnection[] = via
      ? [
          via.outgoing
            ? { from: VIA, to: DST, type: via.type }
            : { from: DST, to: VIA, type: via.type },
        ]
      : [];
    // A source that needs a subnet of its own (an Application Gateway): the target in the other.
    const layouts = [
      [source, target],
      [source, { ...target, apart: true }],
    ].map((nodes) => (third ? [...nodes, third] : nodes));
    for (const type of types)
      for (const nodes of layouts) {
        const link = [
          { from: SRC, to: DST, type, ...(port && type === 'traffic' ? { port } : {}) },
          ...thirdLink,
        ];
        // Without the peers that make each valid alone when the two make each other valid.
        const withoutExtraSubnet = type === 'placement';
        const bare = isValidDesign(
          probeDesign(a.cloud, region, nodes, link, { withoutPeers: true, withoutExtraSubnet }),
        );
        // Valid without them, a builder may still need one (Application Insights its workspace).
        let options = { withoutPeers: bare, withoutExtraSubnet };
        let built = buildDesign(probeDesign(a.cloud, region, nodes, link, options));
        if (!built && bare) {
          options = { withoutPeers: false, withoutExtraSubnet };
          built = buildDesign(probeDesign(a.cloud, region, nodes, link, options));
        }
        if (!built) continue;
        const without = buildDesign(probeDesign(a.cloud, region, nodes, thirdLink, options));
        // A pair the builders never meet (probed for grants, any component to any other) may
        // write what no view reads (an undefined argument): not a connection to read back.
        const found = readable(() => {
          // A component that cannot be built alone (a CDN without origin): all it writes counts.
          const s0: TView = without ? builtView(without, SRC) : new Map<string, TViewEntry>();
          const d0 = without
            ? builtView(without, DST)
            : builtView(
                buildDesign(probeDesign(a.cloud, region, [target])) ?? {
                  resources: [],
                  variables: [],
                },
                DST,
              );
          const sig = new Map<string, string>();
          const was = new Map<string, string>();
          const diff = (side: string, before: TView, after: TView) => {
            for (const [k, e] of after)
              if (before.get(k)?.c !== e.c && !e.c.includes('var.environment')) {
                sig.set(`${side}|${k}`, e.c);
                was.set(`${side}|${k}`, before.get(k)?.c ?? ABSENT);
              }
            for (const [k, e] of before)
              if (!after.has(k)) {
                sig.set(`${side}|${k}`, ABSENT);
                was.set(`${side}|${k}`, e.c);
              }
          };
          diff('S', s0, builtView(built, SRC));
          diff('D', d0, builtView(built, DST));
          return sig.size > 0 ? { type, sig, before: was } : undefined;
        });
        if (found) out.push(found);
        break;
      }
  }
  pairCache.set(key, out);
  return out;
}

function readable<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (e) {
    if (e instanceof TypeError) return undefined;
    throw e;
  }
}

/**
 * What a connection writes into its source (`S|…`) that the source's own code must hold for the
 * connection to be read: not the settings it is told (environment variables, a VM's user data,
 * metadata keys or parameters named after the target, decision 0033), which hand-written code
 * passes its own way or not at all.
 */
export const sourceKeys = (probe: TConnectionProbe): string[] =>
  [...probe.sig].flatMap(([k, v]) =>
    k.startsWith('S|') && !k.includes(SETTING_OF_TARGET) && !v.includes(SETTING_OF_TARGET)
      ? [k]
      : [],
  );
