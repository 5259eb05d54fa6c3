import { findService } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import { localName } from '../../iac/design/resolve';
import type { TConnection } from '../../iac/design/schema-v2';
import type { TTfResource } from '../../iac/ir/terraform-ir';
import type { TCloud, TPropertyDefinition, TPropertyValue } from '../../iac/types';
import { buildDesign, isValidDesign, probeDesign, type TBuilt, type TPeer } from './probe-design';
import { viewOf, type TView, type TViewContext, type TViewEntry } from './view';

/**
 * The inverse of the catalog's builders, derived from the builders themselves: a one-component
 * design per service is built with each property varied over its options (or a sentinel), and
 * what changes in the emitted resources tells how to read the property back. Connections are
 * probed the same way on two-component designs. Everything is cached per service (per pair).
 */

export const ABSENT = '∅';

/** The view of one node of a built design. */
export function builtView(built: TBuilt, id: string): TView {
  const addressOf = (r: TTfResource) => `${r.mode === 'data' ? 'data.' : ''}${r.type}.${r.name}`;
  // The cloud's own set-up (node '') is nobody's: its resources are read by address.
  const owners = new Map(
    built.resources
      .filter((r) => r.node !== '')
      .map((r) => [addressOf(r), { owner: r.node, type: r.type, name: r.name }]),
  );
  const defaults = new Map(built.variables.map((v) => [v.name, v.default]));
  const ctx: TViewContext = {
    ownerOf: (a) => owners.get(a),
    variable: (name) => (name === 'environment' ? undefined : defaults.get(name)),
  };
  const own = built.resources
    .filter((r) => r.node === id)
    .map((r) => ({
      type: r.mode === 'data' ? `data.${r.type}` : r.type,
      name: r.name,
      address: addressOf(r),
      body: r.body,
    }));
  return viewOf(own, id, localName(id), ctx);
}

export type TPropertyProbe =
  | {
      readonly key: string;
      readonly kind: 'choice';
      readonly keys: readonly string[];
      readonly options: readonly {
        readonly value: TPropertyValue;
        readonly sig: readonly string[];
      }[];
    }
  | {
      readonly key: string;
      readonly kind: 'linear';
      readonly at: readonly string[];
      readonly a: number;
      readonly b: number;
      readonly integer: boolean;
      readonly min?: number;
      readonly max?: number;
    }
  | {
      readonly key: string;
      readonly kind: 'text';
      readonly at: readonly {
        readonly key: string;
        readonly prefix: string;
        readonly suffix: string;
      }[];
    }
  | { readonly key: string; readonly kind: 'list'; readonly at: readonly string[] }
  | {
      /** A number inside a larger text: the text just before it locates it. */
      readonly key: string;
      readonly kind: 'number-in-text';
      readonly at: readonly { readonly key: string; readonly before: string }[];
    }
  | {
      /** One resource or block per item (`…_attachment_1`, `…_2`): keys numbered from `start`. */
      readonly key: string;
      readonly kind: 'list-family';
      readonly keyPrefix: string;
      readonly keySuffix: string;
      readonly start: number;
      readonly prefix: string;
      readonly suffix: string;
    }
  | { readonly key: string; readonly kind: 'hidden' };

export interface TServiceProbe {
  readonly service: TServiceDefinition;
  readonly base: TView;
  /** Every resource key (`aws_sqs_queue_dlq`) any probed variant emits: the companions. */
  readonly resourceKeys: ReadonlySet<string>;
  readonly properties: readonly TPropertyProbe[];
}

const ID = 'probe-x';
const cache = new Map<string, TServiceProbe | null>();

function choices(p: TPropertyDefinition): TPropertyValue[] | undefined {
  if (p.type === 'enum' && p.allowed) return [...p.allowed];
  if (p.type === 'boolean') return [true, false];
  if (
    p.type === 'number' &&
    p.min !== undefined &&
    p.max !== undefined &&
    p.max - p.min <= 12 &&
    Number.isInteger(p.default)
  )
    return Array.from({ length: p.max - p.min + 1 }, (_, i) => p.min! + i);
  return undefined;
}

/** Two in-range values unlike the default, to see how a number is written. */
function numberSentinels(p: TPropertyDefinition): [number, number] {
  const d = Number(p.default);
  const min = p.min ?? Number.NEGATIVE_INFINITY;
  const max = p.max ?? Number.POSITIVE_INFINITY;
  const step = Number.isInteger(d) ? 1 : 0.5;
  const candidates = [
    d + 3 * step,
    d + 7 * step,
    d - 3 * step,
    d - 7 * step,
    d + 1 * step,
    d - 1 * step,
  ].filter((v) => v >= min && v <= max && v !== d);
  return [candidates[0] ?? d, candidates[1] ?? candidates[0] ?? d];
}

const SENTINEL = 'zq7sentinel';
const SENTINEL_LIST = ['zq7alpha', 'zq7beta'];
const SHAPED_SENTINELS = ['zq7sentinel@example.com', 'https://zq7sentinel.example.com/'];

function cidrSentinel(def: string): string {
  const [addr, len] = def.split('/');
  const parts = (addr ?? '10.0.0.0').split('.');
  parts[1] = '213';
  return `${parts.join('.')}/${len ?? '16'}`;
}

const numeric = (c: string | undefined): number | undefined => {
  if (c === undefined) return undefined;
  const n = Number(c.replace(/^"|"$/g, ''));
  return Number.isFinite(n) ? n : undefined;
};

/** The probe of a service: how each of its properties shows in the resources it emits. */
export function serviceProbe(
  serviceId: string,
  region: string,
  placed = false,
  /** Probed connected to this peer: properties that show only through a connection (an alarm's query on its target). */
  peer?: TPeer,
): TServiceProbe | undefined {
  const service = findService(serviceId);
  const isPlaced = placed && service?.placement === 'optional-subnet';
  const key = `${serviceId}|${isPlaced}|${peerKey(peer)}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const result = service ? computeProbe(service, region, isPlaced, peer) : undefined;
  cache.set(key, result ?? null);
  return result;
}

const peerKey = (peer: TPeer | undefined) =>
  peer ? `${peer.service.id}|${peer.type}|${peer.outgoing}` : '';

function probeView(
  service: TServiceDefinition,
  region: string,
  properties: Record<string, TPropertyValue>,
  placed = false,
  peer?: TPeer,
): TView | undefined {
  const design = probeDesign(service.cloud, region, [
    { id: ID, service, properties, placed, ...(peer ? { peer } : {}) },
  ]);
  const built = buildDesign(design);
  if (!built) return undefined;
  return builtView(built, ID);
}

function computeProbe(
  service: TServiceDefinition,
  region: string,
  placed: boolean,
  peer?: TPeer,
): TServiceProbe | undefined {
  const resourceKeys = new Set<string>();
  const viewWith = (
    s: TServiceDefinition,
    r: string,
    properties: Record<string, TPropertyValue>,
  ) => {
    const view = probeView(s, r, properties, placed, peer);
    for (const k of view?.keys() ?? []) if (k.endsWith('/')) resourceKeys.add(k.slice(0, -1));
    return view;
  };
  const base = viewWith(service, region, {});
  if (!base) return undefined;
  const properties: TPropertyProbe[] = [];
  for (const p of service.properties) {
    const options = choices(p);
    if (options) {
      const views = options.map((value) => ({
        value,
        view:
          JSON.stringify(value) === JSON.stringify(p.default)
            ? base
            : viewWith(service, region, { [p.key]: value }),
      }));
      const keys = new Set<string>();
      for (const { view } of views) {
        if (!view) continue;
        for (const [k, e] of view) if (base.get(k)?.c !== e.c) keys.add(k);
        for (const k of base.keys()) if (!view.has(k)) keys.add(k);
      }
      const keyList = [...keys];
      properties.push(
        keyList.length === 0
          ? { key: p.key, kind: 'hidden' }
          : {
              key: p.key,
              kind: 'choice',
              keys: keyList,
              options: views
                .filter((v) => v.view)
                .map(({ value, view }) => ({
                  value,
                  sig: keyList.map((k) => view!.get(k)?.c ?? ABSENT),
                })),
            },
      );
      continue;
    }
    if (p.type === 'number') {
      const [v1, v2] = numberSentinels(p);
      const a1 = viewWith(service, region, { [p.key]: v1 });
      const a2 = viewWith(service, region, { [p.key]: v2 });
      const at: string[] = [];
      let slope = 1;
      let offset = 0;
      if (a1 && a2 && v1 !== v2) {
        for (const [k, e] of a1) {
          const y1 = numeric(e.c);
          const y2 = numeric(a2.get(k)?.c);
          if (y1 === undefined || y2 === undefined || y1 === y2) continue;
          const a = (y2 - y1) / (v2 - v1);
          const b = y1 - a * v1;
          if (at.length === 0) {
            slope = a;
            offset = b;
          }
          if (a === slope && b === offset) at.push(k);
        }
      }
      if (at.length === 0) {
        // Written inside a larger value (`"containerPort":8080` in a JSON document).
        properties.push(numberInText(p, (v) => viewWith(service, region, { [p.key]: v }), base));
        continue;
      }
      properties.push(
        at.length === 0
          ? { key: p.key, kind: 'hidden' }
          : {
              key: p.key,
              kind: 'linear',
              at,
              a: slope,
              b: offset,
              integer: Number.isInteger(p.default),
              ...(p.min !== undefined ? { min: p.min } : {}),
              ...(p.max !== undefined ? { max: p.max } : {}),
            },
      );
      continue;
    }
    if (p.type === 'string-list') {
      const view = viewWith(service, region, { [p.key]: SENTINEL_LIST });
      const want = JSON.stringify(SENTINEL_LIST).replace(/,/g, ',');
      const at = view
        ? [...view].filter(([, e]) => e.c === want.replace(/\s/g, '')).map(([k]) => k)
        : [];
      if (at.length > 0) {
        properties.push({ key: p.key, kind: 'list', at });
        continue;
      }
      properties.push(listFamily(p.key, view) ?? { key: p.key, kind: 'hidden' });
      continue;
    }
    const at: { key: string; prefix: string; suffix: string }[] = [];
    // A builder that checks the value's form (an e-mail address, an https:// URL) refuses the
    // bare sentinel: the sentinel in those forms, read whole.
    const sentinels =
      p.type === 'cidr' ? [cidrSentinel(String(p.default))] : [SENTINEL, ...SHAPED_SENTINELS];
    for (const sentinel of sentinels) {
      const view = viewWith(service, region, { [p.key]: sentinel });
      for (const [k, e] of view ?? []) {
        const i = e.c.indexOf(sentinel);
        if (i === -1 || base.get(k)?.c === e.c) continue;
        at.push({ key: k, prefix: e.c.slice(0, i), suffix: e.c.slice(i + sentinel.length) });
      }
      if (view) break;
    }
    // The resource's own attributes first: they hold the value itself most often.
    at.sort(
      (x, y) =>
        Number(x.key.includes('?') || x.key.includes('_')) -
        Number(y.key.includes('?') || y.key.includes('_')),
    );
    properties.push(
      at.length === 0 ? { key: p.key, kind: 'hidden' } : { key: p.key, kind: 'text', at },
    );
  }
  if (!placed && service.placement === 'optional-subnet')
    for (const k of probeView(service, region, {}, true)?.keys() ?? [])
      if (k.endsWith('/')) resourceKeys.add(k.slice(0, -1));
  return { service, base, resourceKeys, properties };
}

/** A distinctive in-range number found inside a text: the text around it is the pattern. */
function numberInText(
  p: TPropertyDefinition,
  view: (v: number) => TView | undefined,
  base: TView,
): TPropertyProbe {
  const min = p.min ?? 0;
  const max = p.max ?? 1e9;
  const sentinel = [4711, 8193, 613, 97, 61, 13].find(
    (v) => v >= min && v <= max && v !== p.default,
  );
  const built = sentinel === undefined ? undefined : view(sentinel);
  const at: { key: string; before: string }[] = [];
  for (const [k, e] of built ?? []) {
    const i = e.c.indexOf(String(sentinel));
    if (i === -1 || base.get(k)?.c === e.c) continue;
    // Digits around it would make the pattern ambiguous (`147111`).
    if (/\d/.test(e.c[i - 1] ?? '') || /\d/.test(e.c[i + String(sentinel).length] ?? '')) continue;
    at.push({ key: k, before: e.c.slice(Math.max(0, i - 24), i) });
  }
  return at.length === 0
    ? { key: p.key, kind: 'hidden' }
    : { key: p.key, kind: 'number-in-text', at };
}

/** Items written one resource (or block) each: the numbered key and the value's pattern. */
function listFamily(key: string, view: TView | undefined): TPropertyProbe | undefined {
  const [a, b] = SENTINEL_LIST as [string, string];
  const find = (s: string) => [...(view ?? [])].find(([, e]) => e.c.includes(s));
  const first = find(a);
  const second = find(b);
  if (!first || !second || first[0] === second[0]) return undefined;
  const [k0, k1] = [first[0], second[0]];
  let i = 0;
  while (i < k0.length && k0[i] === k1[i]) i++;
  let j = 0;
  while (j < k0.length - i && k0[k0.length - 1 - j] === k1[k1.length - 1 - j]) j++;
  // Back to the start of the number (`_10` vs `_11` share the `1`).
  while (i > 0 && /\d/.test(k0[i - 1]!)) i--;
  const n0 = Number(k0.slice(i, k0.length - j));
  const n1 = Number(k1.slice(i, k1.length - j));
  if (!Number.isInteger(n0) || n1 !== n0 + 1) return undefined;
  const c = first[1].c;
  const at = c.indexOf(a);
  return {
    key,
    kind: 'list-family',
    keyPrefix: k0.slice(0, i),
    keySuffix: k0.slice(k0.length - j),
    start: n0,
    prefix: c.slice(0, at),
    suffix: c.slice(at + a.length),
  };
}

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

/** The types a service names after its component (`aws_lambda_function.api`, `aws_iam_role.api`). */
const ownCache = new Map<string, ReadonlySet<string>>();
export function ownNamedTypes(service: TServiceDefinition, region: string): ReadonlySet<string> {
  const cached = ownCache.get(service.id);
  if (cached) return cached;
  const built = buildDesign(probeDesign(service.cloud, region, [{ id: ID, service }]));
  const local = localName(ID);
  const out = new Set(
    (built?.resources ?? [])
      .filter((r) => r.node === ID && r.mode === 'resource' && r.name === local)
      .map((r) => r.type),
  );
  ownCache.set(service.id, out);
  return out;
}

/** The addresses (`type.name`) the cloud's own set-up writes for any design: its resource group. */
const setupCache = new Map<TCloud, ReadonlySet<string>>();
export function setupAddresses(cloud: TCloud, region: string): ReadonlySet<string> {
  const cached = setupCache.get(cloud);
  if (cached) return cached;
  const built = buildDesign(probeDesign(cloud, region, []));
  const out = new Set(
    (built?.resources ?? [])
      .filter((r) => r.node === '')
      .map((r) => `${r.mode === 'data' ? 'data.' : ''}${r.type}.${r.name}`),
  );
  setupCache.set(cloud, out);
  return out;
}

const forwardCache = new Map<string, TView | undefined>();

/** How well a component's view matches what `service` would emit with `properties`. */
export function fitScore(
  service: TServiceDefinition,
  region: string,
  properties: Record<string, TPropertyValue>,
  view: TView,
  placed = false,
  peer?: TPeer,
): number {
  const key = JSON.stringify([service.id, properties, placed, peerKey(peer)]);
  let forward = forwardCache.get(key);
  if (!forwardCache.has(key)) {
    forward = probeView(service, region, properties, placed, peer);
    forwardCache.set(key, forward);
  }
  if (!forward) return Number.NEGATIVE_INFINITY;
  // Names carry the environment and differ by design; the rest must be there.
  let matched = 0;
  let considered = 0;
  for (const [k, e] of forward) {
    if (e.c.includes('var.environment')) continue;
    considered++;
    if (view.get(k)?.c === e.c) matched++;
  }
  return considered === 0 ? 1 : matched / considered;
}

export interface TConnectionProbe {
  readonly type: TConnection['type'];
  /** `S|key` (source side) / `D|key` (target side) → the value the connection writes. */
  readonly sig: ReadonlyMap<string, string>;
}

const SRC = 'probe-src';
const DST = 'probe-dst';
const pairCache = new Map<string, readonly TConnectionProbe[]>();

/** What a data or traffic connection from `from` to `to` writes into the two components. */
export interface TProbeEnd {
  readonly service: string;
  readonly properties: Readonly<Record<string, TPropertyValue>>;
  readonly placed: boolean;
}

export function connectionProbes(
  from: TProbeEnd,
  to: TProbeEnd,
  region: string,
  types: readonly TConnection['type'][] = ['data', 'traffic'],
): readonly TConnectionProbe[] {
  // Probed with the two components' own properties: ports show in what a connection writes
  // (`…_from_lb_8080`); names are read as the components' by the caller.
  const key = JSON.stringify([from, to, types]);
  const cached = pairCache.get(key);
  if (cached) return cached;
  const a = findService(from.service);
  const b = findService(to.service);
  const out: TConnectionProbe[] = [];
  if (a && b) {
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
    const nodes = [source, target];
    for (const type of types) {
      const link = [{ from: SRC, to: DST, type }];
      // Without the peers that make each valid alone when the two make each other valid.
      const withoutExtraSubnet = type === 'placement';
      const bare = isValidDesign(
        probeDesign(a.cloud, region, nodes, link, { withoutPeers: true, withoutExtraSubnet }),
      );
      const options = { withoutPeers: bare, withoutExtraSubnet };
      const plain = probeDesign(a.cloud, region, nodes, [], options);
      const without = buildDesign(plain);
      const built = buildDesign(probeDesign(a.cloud, region, nodes, link, options));
      {
        if (!built) continue;
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
        const diff = (side: string, before: TView, after: TView) => {
          for (const [k, e] of after)
            if (before.get(k)?.c !== e.c && !e.c.includes('var.environment'))
              sig.set(`${side}|${k}`, e.c);
          for (const k of before.keys()) if (!after.has(k)) sig.set(`${side}|${k}`, ABSENT);
        };
        diff('S', s0, builtView(built, SRC));
        diff('D', d0, builtView(built, DST));
        if (sig.size > 0) out.push({ type, sig });
      }
    }
  }
  pairCache.set(key, out);
  return out;
}
