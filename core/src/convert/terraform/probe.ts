import { findService } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import { localName } from '../../iac/design/resolve';
import type { TTfResource } from '../../iac/ir/terraform-ir';
import type { TCloud, TPropertyDefinition, TPropertyValue } from '../../iac/types';
import { buildDesign, probeDesign, type TBuilt, type TPeer } from './probe-design';
import {
  ABSENT,
  choices,
  cidrSentinel,
  GIVEN_LIST,
  listFamily,
  NUMBER_LIST,
  numberInText,
  numberSentinels,
  numeric,
  SENTINEL,
  SENTINEL_LIST,
  SHAPED_SENTINELS,
  type TPropertyProbe,
} from './probe-values';
import { viewOf, type TView, type TViewContext } from './view';

/**
 * The inverse of the catalog's builders, derived from the builders themselves: a one-component
 * design per service is built with each property varied over its options (or a sentinel), and
 * what changes in the emitted resources tells how to read the property back. Connections are
 * probed the same way on two-component designs. Everything is cached per service (per pair).
 */

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

export interface TServiceProbe {
  readonly service: TServiceDefinition;
  readonly base: TView;
  /** Every resource key (`aws_sqs_queue_dlq`) any probed variant emits: the companions. */
  readonly resourceKeys: ReadonlySet<string>;
  readonly properties: readonly TPropertyProbe[];
}

const ID = 'probe-x';
const cache = new Map<string, TServiceProbe | null>();

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
  const key = `${serviceId}|${region}|${isPlaced}|${peerKey(peer)}`;
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
  /** How `p` shows, the other properties as `given` (`base`: the view with those alone). */
  const probeOne = (
    p: TPropertyDefinition,
    given: Record<string, TPropertyValue>,
    base: TView,
  ): TPropertyProbe => {
    const vary = (value: TPropertyValue) => viewWith(service, region, { ...given, [p.key]: value });
    const options = choices(p);
    if (options) {
      const views = options.map((value) => ({
        value,
        view: JSON.stringify(value) === JSON.stringify(p.default) ? base : vary(value),
      }));
      const keys = new Set<string>();
      for (const { view } of views) {
        if (!view) continue;
        for (const [k, e] of view) if (base.get(k)?.c !== e.c) keys.add(k);
        for (const k of base.keys()) if (!view.has(k)) keys.add(k);
      }
      const keyList = [...keys];
      return keyList.length === 0
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
          };
    }
    if (p.type === 'number') {
      const [v1, v2] = numberSentinels(p);
      const a1 = vary(v1);
      const a2 = vary(v2);
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
        return numberInText(p, vary, base);
      }
      return at.length === 0
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
          };
    }
    if (p.type === 'string-list') {
      const view = vary(SENTINEL_LIST);
      const want = JSON.stringify(SENTINEL_LIST).replace(/,/g, ',');
      const at = view
        ? [...view].filter(([, e]) => e.c === want.replace(/\s/g, '')).map(([k]) => k)
        : [];
      if (at.length > 0) return { key: p.key, kind: 'list', at };
      // Items that must be numbers (ports) are refused or mangled as words: numbers then.
      const family = listFamily(p.key, view) ?? listFamily(p.key, vary(NUMBER_LIST), NUMBER_LIST);
      return family ?? { key: p.key, kind: 'hidden' };
    }
    const at: { key: string; prefix: string; suffix: string }[] = [];
    // A builder that checks the value's form (an e-mail address, an https:// URL) refuses the
    // bare sentinel: the sentinel in those forms, read whole.
    const sentinels =
      p.type === 'cidr' ? [cidrSentinel(String(p.default))] : [SENTINEL, ...SHAPED_SENTINELS];
    for (const sentinel of sentinels) {
      const view = vary(sentinel);
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
    return at.length === 0 ? { key: p.key, kind: 'hidden' } : { key: p.key, kind: 'text', at };
  };
  const properties: TPropertyProbe[] = [];
  for (const p of service.properties) {
    const alone = probeOne(p, {}, base);
    // Shown only with another property set (a health check's path with an HTTP probe): probed
    // with each other small choice set in turn, on the component alone.
    const dependent = () => {
      if (peer) return undefined;
      for (const q of service.properties) {
        const options = q === p || q.type === 'number' ? undefined : choices(q);
        for (const value of options && options.length <= 4 ? options : []) {
          if (JSON.stringify(value) === JSON.stringify(q.default)) continue;
          const given = { [q.key]: value };
          const view = viewWith(service, region, given);
          const found = view ? probeOne(p, given, view) : undefined;
          if (found && found.kind !== 'hidden') return found;
        }
      }
      // Or with a list that is empty by default given an item (an Azure DNS resolver's servers
      // show only with a domain to forward to them).
      for (const q of service.properties) {
        if (q === p || q.type !== 'string-list' || (q.default as string[]).length > 0) continue;
        const given = { [q.key]: GIVEN_LIST };
        const view = viewWith(service, region, given);
        const found = view ? probeOne(p, given, view) : undefined;
        if (found && found.kind !== 'hidden') return found;
      }
      return undefined;
    };
    properties.push(alone.kind === 'hidden' ? (dependent() ?? alone) : alone);
  }
  if (!placed && service.placement === 'optional-subnet')
    for (const k of probeView(service, region, {}, true)?.keys() ?? [])
      if (k.endsWith('/')) resourceKeys.add(k.slice(0, -1));
  return { service, base, resourceKeys, properties };
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
  const key = JSON.stringify([service.id, region, properties, placed, peerKey(peer)]);
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
