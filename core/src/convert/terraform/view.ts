import type { TTfRef } from '../../iac/ir/terraform-ir';
import { foldCall } from './functions';
import { canonical, isTaggedVal, type TVal } from './value';

/**
 * A component's resources seen the same way whether they were parsed from an upload or built by
 * the engine: one entry per leaf argument, keyed `<type><suffix>/<path>`, where the suffix is
 * what the resource name adds to the component's own name (`_role`, `_api_fn` for a connection
 * to `api_fn`). References read `@self:<key>.<attr>` inside the component, `@other:<type>`
 * outside it, so two components that differ only by names compare equal.
 */
export interface TViewEntry {
  readonly c: string;
  readonly v: TVal;
}
export type TView = Map<string, TViewEntry>;

export interface TOwnerOf {
  /** The owning component of an address (with its module path), and the resource's type/name. */
  (
    address: string,
  ): { readonly owner: string; readonly type: string; readonly name: string } | undefined;
}

export interface TViewContext {
  readonly ownerOf: TOwnerOf;
  /** Values of `var.<name>` known statically (defaults); `environment` is never one. */
  variable(name: string): TVal | undefined;
}

/** `_role` for `api_fn_role` of component `api_fn`; `?name` for a name unrelated to it. */
export function keyOf(type: string, name: string, local: string): string {
  if (name === local) return type;
  if (name.startsWith(`${local}_`)) return type + name.slice(local.length);
  return `${type}?${name}`;
}

function normalise(
  v: TVal,
  self: string,
  ctx: TViewContext,
  keyFor: (a: string) => string | undefined,
): TVal {
  if (Array.isArray(v)) return (v as readonly TVal[]).map((x) => normalise(x, self, ctx, keyFor));
  if (!isTaggedVal(v)) return v;
  switch (v.$) {
    case 'ref':
      return normaliseRef(v, self, ctx, keyFor);
    case 'obj':
      return {
        $: 'obj',
        entries: Object.fromEntries(
          Object.entries(v.entries).map(([k, x]) => [k, normalise(x, self, ctx, keyFor)]),
        ),
      };
    case 'tpl': {
      const parts = v.parts.map((p) =>
        typeof p === 'string' ? p : normalise(p as TVal, self, ctx, keyFor),
      );
      if (
        parts.every((p) => typeof p === 'string' || typeof p === 'number' || typeof p === 'boolean')
      )
        return parts.join('');
      return {
        $: 'tpl',
        parts: parts.map((p) => (typeof p === 'object' && p !== null ? p : String(p))) as never,
      };
    }
    case 'call': {
      const args = v.args.map((a) => normalise(a as TVal, self, ctx, keyFor));
      return foldCall(v.fn, args) ?? { $: 'call', fn: v.fn, args: args as never };
    }
    case 'raw':
      return {
        $: 'raw',
        text: v.text,
        refs: v.refs.map((r) => normaliseRef(r, self, ctx, keyFor) as TTfRef),
      };
  }
}

function normaliseRef(
  r: TTfRef,
  self: string,
  ctx: TViewContext,
  keyFor: (a: string) => string | undefined,
): TVal {
  const address = r.address;
  if (address.startsWith('var.') || address.includes('.var.')) {
    const name = address.slice(address.lastIndexOf('var.') + 4);
    const v = ctx.variable(name);
    if (v !== undefined && r.attr === '') return v;
    return { $: 'ref', address: `var.${name}`, attr: r.attr };
  }
  const attr = r.attr;
  // Data sources are shared lookups (`data.aws_caller_identity.current`): read by address.
  const owner = /(^|\.)data\./.test(address) ? undefined : ctx.ownerOf(address);
  if (!owner) return { $: 'ref', address: address.replace(/^(module\.[^.]+\.)+/, ''), attr };
  if (owner.owner === self) {
    const key = keyFor(address);
    return { $: 'ref', address: `@self:${key ?? owner.type}`, attr };
  }
  return { $: 'ref', address: `@other:${owner.type}`, attr };
}

function flatten(view: TView, prefix: string, v: unknown): void {
  if (isTaggedVal(v as TVal) && (v as { $: string }).$ === 'block') {
    const body = (v as { body: Record<string, unknown> }).body;
    for (const [k, x] of Object.entries(body)) flatten(view, `${prefix}.${k}`, x);
    return;
  }
  if (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((x) => isTaggedVal(x as TVal) && (x as { $: string }).$ === 'block')
  ) {
    // One block reads the same written once or as a list of one (the IR writes both).
    if (v.length === 1) flatten(view, prefix, v[0]);
    else v.forEach((x, i) => flatten(view, `${prefix}[${i}]`, x));
    return;
  }
  if (isTaggedVal(v as TVal) && (v as { $: string }).$ === 'obj') {
    const entries = (v as { entries: Record<string, TVal> }).entries;
    const keys = Object.keys(entries);
    if (keys.length === 0) view.set(prefix, { c: '{}', v: v as TVal });
    for (const k of keys) flatten(view, `${prefix}.${k}`, entries[k]);
    return;
  }
  view.set(prefix, { c: canonical(v as TVal), v: v as TVal });
}

export interface TViewResource {
  readonly type: string;
  readonly name: string;
  readonly address: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/** The view of one component's resources (`local`: its local name, `id`: its owner id). */
export function viewOf(
  all: readonly TViewResource[],
  id: string,
  local: string,
  ctx: TViewContext,
): TView {
  const keys = new Map<string, string>();
  const seen = new Map<string, number>();
  const resources = all.filter((r) => !r.type.startsWith('data.'));
  for (const r of resources) {
    let key = keyOf(r.type, r.name, local);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (n > 0) key = `${key}#${n}`;
    keys.set(r.address, key);
  }
  const keyFor = (a: string) => keys.get(a);
  const view: TView = new Map();
  for (const r of resources) {
    const key = keys.get(r.address)!;
    view.set(`${key}/`, { c: 'present', v: true });
    for (const [k, x] of Object.entries(r.body)) {
      if (key.startsWith(DEAD_LETTER_ALARM) && ALARM_ACTIONS.has(k)) continue;
      flatten(view, `${key}/${k}`, normaliseBlocks(x, id, ctx, keyFor));
    }
  }
  return view;
}

/**
 * The alarm the engine writes on a component's dead-letter queue (`<queue>_dlq`, messaging.ts)
 * notifies the design's alert topics, which the design's alarms connect to: its actions name a
 * topic the component has no connection to, and read as one they added a connection (a bus to
 * the alert topic) the design never had.
 */
const DEAD_LETTER_ALARM = 'aws_cloudwatch_metric_alarm_dlq';
const ALARM_ACTIONS = new Set(['alarm_actions', 'ok_actions', 'insufficient_data_actions']);

function normaliseBlocks(
  v: unknown,
  self: string,
  ctx: TViewContext,
  keyFor: (a: string) => string | undefined,
): unknown {
  if (
    Array.isArray(v) &&
    v.some((x) => isTaggedVal(x as TVal) && (x as { $: string }).$ === 'block')
  )
    return v.map((x) => normaliseBlocks(x, self, ctx, keyFor));
  if (isTaggedVal(v as TVal) && (v as { $: string }).$ === 'block') {
    const body = (v as { body: Record<string, unknown> }).body;
    return {
      $: 'block',
      body: Object.fromEntries(
        Object.entries(body).map(([k, x]) => [
          k,
          (isTaggedVal(x as TVal) && (x as { $: string }).$ === 'block') || Array.isArray(x)
            ? normaliseBlocks(x, self, ctx, keyFor)
            : normalise(x as TVal, self, ctx, keyFor),
        ]),
      ),
    };
  }
  return normalise(v as TVal, self, ctx, keyFor);
}
