import type { TServiceDefinition } from '../../iac/catalog/service';
import type { TConnection } from '../../iac/design/schema-v2';
import type { TPropertyValue } from '../../iac/types';
import {
  connectionProbes,
  withSourceAsSender,
  type TConnectionProbe,
  type TProbeVia,
} from './probe-connections';
import { ABSENT, tokens } from './probe-values';
import type { TView } from './view';

export interface TConnectable {
  readonly id: string;
  readonly local: string;
  readonly service: TServiceDefinition;
  readonly view: TView;
  readonly name: string;
  readonly properties: Readonly<Record<string, TPropertyValue>>;
  readonly placed: boolean;
  /** The components its resources refer to (by id), where known. */
  readonly refers?: ReadonlySet<string>;
}

export const end = (c: TConnectable) => ({
  service: c.service.id,
  properties: c.properties,
  placed: c.placed,
});

/**
 * A component's data and traffic connections as the third components a probe of another
 * connection to it may need (see `chooseConnection`'s `viasOf`).
 */
export function viasFrom(
  connections: readonly TConnectionChoice[],
  byId: ReadonlyMap<string, TConnectable>,
): (to: TConnectable) => TProbeVia[] {
  return (to) =>
    connections.flatMap((c) => {
      const other = byId.get(c.from === to.id ? c.to : c.to === to.id ? c.from : '');
      return other && c.type !== 'placement'
        ? [{ end: end(other), type: c.type, outgoing: c.to === to.id }]
        : [];
    });
}

export interface TConnectionChoice {
  readonly from: string;
  readonly to: string;
  readonly type: TConnection['type'];
  /** The connection's own port, where what it writes shows one (`…_from_lb_8080`). */
  readonly port?: number;
}

/** A connection read back, and whether its target lists its source as a sender only. */
export type TConnectionRead = TConnectionChoice & { readonly sender?: true };

/**
 * Ports a connection may have written: into the two ends' resource names (`…_from_lb_8080`), or
 * as a `port` value (an OCI backend set's health check, an instance pool's load balancer).
 */
function portsIn(...views: readonly TView[]): number[] {
  const named = new Set<number>();
  const valued = new Set<number>();
  for (const view of views)
    for (const [k, e] of view) {
      const m = /_(\d{2,5})\/$/.exec(k);
      if (m) named.add(Number(m[1]));
      else if (/[/.]port$/.test(k) && typeof e.v === 'number') valued.add(e.v);
    }
  return [...named, ...valued]
    .filter((p, i, all) => p >= 20 && p <= 65535 && all.indexOf(p) === i)
    .slice(0, 4);
}

const pascalCache = new Map<string, string>();
const pascal = (local: string) => {
  let out = pascalCache.get(local);
  if (out === undefined) {
    out = local.replace(/(^|_)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());
    if (pascalCache.size < 10_000) pascalCache.set(local, out);
  }
  return out;
};

const PROBE_NAMES =
  /probe-src|probe-dst|probe_src|probe_dst|ProbeSrc|ProbeDst|PROBE_SRC|PROBE_DST|\bsrc\b|\bdst\b/g;
const MAY_NAME_PROBE = /src|dst|SRC|DST|Src|Dst/;

/**
 * The probe's names (`probe_src` with design name `src`, `probe_dst`/`dst`) read as the two
 * components compared, in the forms the builders write them (`ProbeSrc`, `PROBE_SRC_…`). One
 * pass: a component's own id or name is never read again as a probe name. Runs for every key of
 * every probe against every pair compared, so text naming neither end is answered as it is.
 */
export function rename(text: string, src: TConnectable, dst: TConnectable): string {
  if (!MAY_NAME_PROBE.test(text)) return text;
  return text.replace(PROBE_NAMES, (m) => {
    switch (m) {
      case 'probe-src':
        return src.id;
      case 'probe-dst':
        return dst.id;
      case 'probe_src':
        return src.local;
      case 'probe_dst':
        return dst.local;
      case 'ProbeSrc':
        return pascal(src.local);
      case 'ProbeDst':
        return pascal(dst.local);
      case 'PROBE_SRC':
        return src.local.toUpperCase();
      case 'PROBE_DST':
        return dst.local.toUpperCase();
      case 'src':
        return src.name;
      default:
        return dst.name;
    }
  });
}

const unindexed = (key: string) => key.replace(/\[\d+\]/g, '');
const byUnindexed = new WeakMap<TView, Map<string, string[]>>();

/**
 * The values at a key: there, else at the same key in any block of a list (a connection writes
 * one `routes` block; with other connections it is `routes[1]`).
 */
function valuesAt(view: TView, key: string): string[] {
  const exact = view.get(key)?.c;
  if (exact !== undefined) return [exact];
  let index = byUnindexed.get(view);
  if (!index) {
    index = new Map();
    for (const [k, e] of view)
      if (k.includes('[')) index.set(unindexed(k), [...(index.get(unindexed(k)) ?? []), e.c]);
    byUnindexed.set(view, index);
  }
  return index.get(unindexed(key)) ?? [ABSENT];
}

/**
 * Whether a value another connection also writes to holds what this one adds (a step of a
 * state machine among others, a statement of a policy, one environment variable of several).
 */
function holds(actual: string, want: string, before: string): boolean {
  if (actual === ABSENT || want === ABSENT) return false;
  const had = tokens(before);
  const added = [...tokens(want)].filter((t) => !had.has(t));
  if (added.length === 0) return false;
  const present = tokens(actual);
  return added.every((t) => present.has(t));
}

export interface TProbeMatch {
  /** Entries of the probe's signature the two components hold. */
  readonly matched: number;
  /** Of those, the ones that name or refer to the other end. */
  readonly specificMatched: number;
  /** The entries of the signature held (its keys, `S|…`/`D|…`, as the probe names them). */
  readonly held: ReadonlySet<string>;
  /** What the held entries add, token by token (`S|key␀token`): what tells two matches apart. */
  readonly evidence: ReadonlySet<string>;
}

/** Whether `text` refers to a resource of `other`'s types that `self` holds no reference to. */
function pointsElsewhere(text: string, self: TConnectable, other: TConnectable): boolean {
  if (!self.refers || self.refers.has(other.id)) return false;
  const types = other.service.emits.terraform;
  return [...text.matchAll(/@other:([\w.]+?)\.[\w[\]]+/g)].some((m) => types.includes(m[1]!));
}

/** `S|aws_apigatewayv2_integration` of `S|aws_apigatewayv2_integration/integration_uri`. */
const resourceOf = (k: string) => k.slice(0, k.indexOf('/'));

/**
 * The probe's resources that refer to the other end's type where the component holds no
 * reference to it (a WebSocket API's integration with another function): the whole resource is
 * that other connection's, its plain arguments included (its route key, its permission's name).
 */
function resourcesElsewhere(
  probe: TConnectionProbe,
  from: TConnectable,
  to: TConnectable,
): ReadonlySet<string> {
  const out = new Set<string>();
  for (const [k, c] of probe.sig) {
    const [self, other] = k.startsWith('S') ? [from, to] : [to, from];
    if (!c.includes('@other:') || !self.refers || self.refers.has(other.id)) continue;
    // Only where the component holds that reference: it is there, pointing at another.
    const held = self.view.get(rename(k.slice(2), from, to))?.c === rename(c, from, to);
    if (held && pointsElsewhere(c, self, other)) out.add(resourceOf(k));
  }
  return out;
}

/** Whether `from` holds every resource the probe's connection adds to it (cheap: keys only). */
export function holdsResources(
  probe: TConnectionProbe,
  from: TConnectable,
  to: TConnectable,
): boolean {
  for (const [k, c] of probe.sig)
    if (k.startsWith('S|') && k.endsWith('/') && c !== ABSENT) {
      if (!from.view.has(rename(k.slice(2), from, to))) return false;
    }
  return true;
}

/** How much of what a connection's probe writes the two components `from` and `to` hold. */
export function matchProbe(
  probe: TConnectionProbe,
  from: TConnectable,
  to: TConnectable,
  /** What counts as naming the other end (default: its name, or a reference to another). */
  isSpecific: (text: string) => boolean = (text) => /probe[-_]?(src|dst)|@other:/i.test(text),
): TProbeMatch {
  let matched = 0;
  let specificMatched = 0;
  const held = new Set<string>();
  const evidence = new Set<string>();
  const elsewhere = resourcesElsewhere(probe, from, to);
  for (const [k, c] of probe.sig) {
    const side = k.slice(0, 1);
    if (elsewhere.size > 0 && elsewhere.has(resourceOf(k))) continue;
    const key = rename(k.slice(2), from, to);
    const want = rename(c, from, to);
    const view = side === 'S' ? from.view : to.view;
    const actuals = want === ABSENT ? [view.get(key)?.c ?? ABSENT] : valuesAt(view, key);
    const had = rename(probe.before.get(k) ?? ABSENT, from, to);
    if (!actuals.some((a) => a === want || holds(a, want, had))) continue;
    // A reference to the other end's type that points at another of that type (the worker a
    // queue dispatches to, not the API that enqueues) is not this connection's.
    const [self, other] = side === 'S' ? [from, to] : [to, from];
    if (pointsElsewhere(want, self, other)) continue;
    matched++;
    if (isSpecific(k.slice(2) + c)) specificMatched++;
    held.add(k);
    const hadTokens = tokens(had);
    const added = want === ABSENT ? [ABSENT] : [...tokens(want)].filter((t) => !hadTokens.has(t));
    for (const t of added.length > 0 ? added : [want]) evidence.add(`${side}|${key}\u0000${t}`);
  }
  return { matched, specificMatched, held, evidence };
}

/** Placement names its target, by reference or by its design name (a GCP network tag `"dst"`). */
const namesTarget = (text: string) => /probe[-_]?(src|dst)|@other:|"dst"/i.test(text);

/**
 * The connection between two components wired together: of data or traffic, one way or the
 * other, the one whose forward build writes most of what the two components hold. When two
 * choices write exactly the same code the first of (traffic into compute or a load balancer, data
 * otherwise) wins: the generated Terraform cannot tell them apart.
 */
export function chooseConnection(
  p: TConnectable,
  q: TConnectable,
  region: string,
  /** From `p` to the subnet `q` only. */
  isPlacement = false,
  /**
   * Third components a connection may need at its target to write anything (a database's
   * generated password, read by a grant, exists when the database is connected to a vault):
   * probed with each, as in the design.
   */
  viasOf: (to: TConnectable) => readonly TProbeVia[] = () => [],
): TConnectionRead | undefined {
  let best: (TConnectionRead & { score: number; rank: number }) | undefined;
  const directions = isPlacement
    ? [[p, q] as const]
    : ([
        [p, q],
        [q, p],
      ] as const);
  for (const [from, to] of directions) {
    // Placement connections end at subnets and security groups.
    const types: TConnection['type'][] = ['subnet', 'security-group'].includes(to.service.kind)
      ? ['placement']
      : from.service.kind === 'network'
        ? []
        : ['data', 'traffic'];
    // Without a port first: a port is kept only where it explains more.
    const probes = [
      undefined,
      ...(types.includes('traffic') ? portsIn(from.view, to.view) : []),
    ].flatMap((port) =>
      [undefined, ...viasOf(to)].flatMap((via) =>
        connectionProbes(end(from), end(to), region, types, port, via).map((probe) => ({
          probe,
          port,
          sender: false,
        })),
      ),
    );
    // A data client the target lists as a sender only: after the plain probes, so that where
    // both explain the code alike (a sender's grant is part of a reader's) the reader wins.
    const asSender = types.includes('data') ? withSourceAsSender(end(to)) : undefined;
    if (asSender)
      for (const via of [undefined, ...viasOf(to)])
        for (const probe of connectionProbes(end(from), asSender, region, ['data'], undefined, via))
          probes.push({ probe, port: undefined, sender: true });
    for (const { probe, port, sender } of probes) {
      const { matched, specificMatched } = matchProbe(
        probe,
        from,
        to,
        isPlacement ? namesTarget : undefined,
      );
      // What names or refers to the other end: a connection that matches none of it is another's
      // (a data connection's workload identity, written as well for the component's others).
      if (specificMatched === 0) continue;
      const ratio = matched / probe.sig.size;
      // What it explains, less half of what it would write that is not there.
      const score = matched - (probe.sig.size - matched) / 2;
      // What takes traffic: compute, and what sits in front of it (an uptime check of a load
      // balancer writes the same for data and traffic).
      const takesTraffic = [
        'load-balancer',
        'network-load-balancer',
        'cdn',
        'function',
        'serverless-container',
        'vm',
        'autoscaling-group',
        'kubernetes',
        'web-app',
      ].includes(to.service.kind);
      // An alarm watches what it is connected to: read as data, whatever the target.
      const watches = from.service.kind === 'alarm';
      const rank = Number((probe.type === 'traffic') === (takesTraffic && !watches));
      if (matched === 0 || ratio < 0.5) continue;
      const better = !best || score > best.score || (score === best.score && rank > best.rank);
      if (better)
        best = {
          from: from.id,
          to: to.id,
          type: probe.type,
          score,
          rank,
          ...(port ? { port } : {}),
          ...(sender ? { sender } : {}),
        };
    }
  }
  return best
    ? {
        from: best.from,
        to: best.to,
        type: best.type,
        ...(best.port ? { port: best.port } : {}),
        ...(best.sender ? { sender: best.sender } : {}),
      }
    : undefined;
}
