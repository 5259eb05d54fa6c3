import type { TExpr } from './ast';
import {
  DEPLOYMENTS_API,
  quote,
  Unconvertible,
  type TExprContext,
  type TFileSymbols,
  type TLoop,
  type TModuleSymbol,
  type TResourceSymbol,
} from './context';
import { toExpr, toJson } from './expr-to-arm';

/**
 * Symbol references → ARM: a resource's `resourceId()`/`reference()`, a module's deployment id
 * and outputs, loop variables as `copyIndex()`, and the `dependsOn` entries they imply.
 */
export const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type TRef =
  | { readonly kind: 'resource'; readonly res: TResourceSymbol; readonly index?: TExpr }
  | { readonly kind: 'module'; readonly mod: TModuleSymbol; readonly index?: TExpr };

const nestedIndex = new WeakMap<TFileSymbols, Map<string, TResourceSymbol[]>>();

/** Nested resources by their own short symbol (`blob` of `sa::blob`), built once per file. */
function nestedByName(s: TFileSymbols): Map<string, TResourceSymbol[]> {
  let index = nestedIndex.get(s);
  if (!index) {
    index = new Map();
    for (const r of s.resources.values()) {
      const i = r.symbol.lastIndexOf('::');
      if (i < 0) continue;
      const short = r.symbol.slice(i + 2);
      index.set(short, [...(index.get(short) ?? []), r]);
    }
    nestedIndex.set(s, index);
  }
  return index;
}

/** The resource or module an expression names (`sa`, `sa[i]`, `vnet::subnet`), if any. */
export function refOf(e: TExpr, ctx: TExprContext): TRef | undefined {
  if (e.k === 'id') {
    const s = ctx.symbols;
    if (ctx.env.has(e.name) || s.params.has(e.name) || s.vars.has(e.name)) return undefined;
    const res = s.resources.get(e.name);
    if (res) return { kind: 'resource', res };
    const mod = s.modules.get(e.name);
    if (mod) return { kind: 'module', mod };
    // A nested resource named by its own symbol inside its parent's body.
    const nested = nestedByName(s).get(e.name);
    const live = nested?.filter((r) => s.resources.has(r.symbol));
    return live?.length === 1 ? { kind: 'resource', res: live[0]! } : undefined;
  }
  if (e.k === 'child') {
    const parent = refOf(e.target, ctx);
    if (parent?.kind !== 'resource') return undefined;
    const res = ctx.symbols.resources.get(`${parent.res.symbol}::${e.name}`);
    return res ? { kind: 'resource', res } : undefined;
  }
  if (e.k === 'index' && !e.safe) {
    const r = refOf(e.target, ctx);
    if (r?.kind === 'resource' && r.res.loop && !r.index) return { ...r, index: e.index };
    if (r?.kind === 'module' && r.mod.loop && !r.index) return { ...r, index: e.index };
  }
  return undefined;
}

/** The env of a loop body: item → `source[i]`, index → `i` (`range(0, n)` items → `i`). */
export function loopEnv(loop: TLoop, indexExpr: string, ctx: TExprContext): Map<string, string> {
  const env = new Map(ctx.env);
  if (loop.index) env.set(loop.index, indexExpr);
  if (loop.item) {
    const start = rangeStart(loop.source);
    if (start !== undefined)
      env.set(loop.item, start === '0' ? indexExpr : `add(${indexExpr}, ${start})`);
    else env.set(loop.item, `${toExpr(loop.source, { ...ctx, deps: undefined })}[${indexExpr}]`);
  }
  return env;
}

/** `range(s, n)` with a literal start: its items are `s + copyIndex()`, its count `n`. */
function rangeStart(source: TExpr): string | undefined {
  if (source.k !== 'call' || source.name !== 'range' || source.args.length !== 2) return undefined;
  const s = source.args[0]!;
  return s.k === 'int' ? String(s.value) : undefined;
}

/** The `count` of a copy loop over `source`. */
export function loopCount(source: TExpr, ctx: TExprContext): unknown {
  if (source.k === 'call' && rangeStart(source) !== undefined) return toJson(source.args[1]!, ctx);
  return `[length(${toExpr(source, ctx)})]`;
}

/** ARM expressions of a resource's name segments, from the root parent down. */
export function nameSegments(res: TResourceSymbol, ctx: TExprContext, index?: TExpr): string[] {
  const own = ownName(res, ctx, index);
  if (res.parent) return [...nameSegments(res.parent, ctx), own];
  const depth = res.fullType.split('/').length - 1;
  if (depth <= 1 || !res.nameExpr) return [own];
  // A child declared with its full name ('vnet/subnet'): one segment per type level.
  const n = res.nameExpr;
  if (n.k === 'str' && n.parts.length === 1)
    return (n.parts[0] as string).split('/').map((s) => quote(s));
  return Array.from({ length: depth }, (_, i) => `split(${own}, '/')[${i}]`);
}

function ownName(res: TResourceSymbol, ctx: TExprContext, index?: TExpr): string {
  if (!res.nameExpr) throw new Unconvertible(`resource ${res.symbol} has no name`, res.at);
  let env = ctx.env;
  if (res.loop) {
    const i = index ? toExpr(index, ctx) : undefined;
    if (i === undefined && ctx.env.get('$copy') !== res.symbol)
      throw new Unconvertible(
        `${res.symbol} is a loop: name one of its items (${res.symbol}[i])`,
        res.at,
      );
    env = loopEnv(res.loop, i ?? 'copyIndex()', { ...ctx, deps: undefined });
  }
  return toExpr(res.nameExpr, { ...ctx, env, deps: res.existing ? ctx.deps : undefined });
}

/** `resourceId(…)` of a resource, with its scope (another resource, a resource group…). */
export function resourceIdExpr(res: TResourceSymbol, ctx: TExprContext, index?: TExpr): string {
  const names = nameSegments(res, ctx, index);
  const type = quote(res.fullType);
  const scope = res.scope ?? res.parent?.scope;
  if (scope) {
    const target = refOf(scope, ctx);
    if (target?.kind === 'resource')
      return `extensionResourceId(${resourceIdExpr(target.res, ctx, target.index)}, ${[type, ...names].join(', ')})`;
    if (scope.k === 'call' && scope.name === 'resourceGroup' && scope.args.length > 0)
      return `resourceId(${[...scope.args.map((a) => toExpr(a, ctx)), type, ...names].join(', ')})`;
    if (scope.k === 'call' && scope.name === 'subscription')
      return `subscriptionResourceId(${[...scope.args.map((a) => toExpr(a, ctx)), type, ...names].join(', ')})`;
    if (scope.k === 'call' && scope.name === 'tenant')
      return `tenantResourceId(${[type, ...names].join(', ')})`;
  }
  switch (ctx.symbols.targetScope) {
    case 'subscription':
      return `subscriptionResourceId(${[type, ...names].join(', ')})`;
    case 'tenant':
      return `tenantResourceId(${[type, ...names].join(', ')})`;
    case 'managementGroup':
      return `extensionResourceId(managementGroup().id, ${[type, ...names].join(', ')})`;
    default:
      return `resourceId(${[type, ...names].join(', ')})`;
  }
}

/** The deployment's name of a module (`name:` or its symbol), as an ARM expression. */
export function moduleNameExpr(mod: TModuleSymbol, ctx: TExprContext, index?: TExpr): string {
  const name = mod.body.props.find((p) => p.key === 'name')?.value;
  let env = ctx.env;
  if (mod.loop) {
    const i = index
      ? toExpr(index, ctx)
      : ctx.env.get('$copy') === mod.symbol
        ? 'copyIndex()'
        : undefined;
    if (i === undefined)
      throw new Unconvertible(`${mod.symbol} is a loop: name one of its items`, mod.at);
    env = loopEnv(mod.loop, i, { ...ctx, deps: undefined });
    if (!name) return `format('{0}-{1}', ${quote(mod.symbol)}, ${i})`;
  }
  return name ? toExpr(name, { ...ctx, env, deps: undefined }) : quote(mod.symbol);
}

export function moduleIdExpr(mod: TModuleSymbol, ctx: TExprContext, index?: TExpr): string {
  const name = moduleNameExpr(mod, ctx, index);
  const scope = mod.body.props.find((p) => p.key === 'scope')?.value;
  if (scope?.k === 'call' && scope.name === 'resourceGroup' && scope.args.length > 0)
    return `resourceId(${scope.args.map((a) => toExpr(a, ctx)).join(', ')}, 'Microsoft.Resources/deployments', ${name})`;
  const target = scope && refOf(scope, ctx);
  if (
    target?.kind === 'resource' &&
    target.res.fullType.toLowerCase() === 'microsoft.resources/resourcegroups'
  )
    return `resourceId(${ownName(target.res, ctx, target.index)}, 'Microsoft.Resources/deployments', ${name})`;
  return ctx.symbols.targetScope === 'resourceGroup'
    ? `resourceId('Microsoft.Resources/deployments', ${name})`
    : `${ctx.symbols.targetScope === 'subscription' ? 'subscription' : 'tenant'}ResourceId('Microsoft.Resources/deployments', ${name})`;
}

/** Records a `dependsOn` entry for a deployed resource or module the expression names. */
export function addDependency(ref: TRef, ctx: TExprContext): void {
  if (!ctx.deps) return;
  // An item named by a property loop's index (`copyIndex('x')`) cannot be a dependsOn entry:
  // the whole loop is, as `bicep build` writes it.
  const whole = !ref.index || /copyIndex\('/.test(toExpr(ref.index, { ...ctx, deps: undefined }));
  if (ref.kind === 'resource') {
    if (ref.res.existing) return;
    if (ref.res.loop && whole) ctx.deps.set(ref.res.symbol, ref.res.symbol);
    else {
      const id = resourceIdExpr(ref.res, { ...ctx, deps: undefined }, ref.index);
      ctx.deps.set(id, `[${id}]`);
    }
  } else if (ref.mod.loop && whole) ctx.deps.set(ref.mod.symbol, ref.mod.symbol);
  else {
    const id = moduleIdExpr(ref.mod, { ...ctx, deps: undefined }, ref.index);
    ctx.deps.set(id, `[${id}]`);
  }
}

export function refExpr(ref: TRef, ctx: TExprContext, path: readonly string[]): string {
  addDependency(ref, ctx);
  const quiet = { ...ctx, deps: undefined };
  if (ref.kind === 'module') {
    const id = moduleIdExpr(ref.mod, quiet, ref.index);
    if (path[0] === 'name') return moduleNameExpr(ref.mod, quiet, ref.index) + rest(path, 1);
    ctx.runtime = true;
    if (path[0] === 'outputs' && path[1] !== undefined)
      return `reference(${id}, ${quote(DEPLOYMENTS_API)}).outputs.${path[1]}.value${rest(path, 2)}`;
    return `reference(${id}, ${quote(DEPLOYMENTS_API)}, 'full')${rest(path, 0)}`;
  }
  const res = ref.res;
  const [head] = path;
  if (head === 'id') return resourceIdExpr(res, quiet, ref.index) + rest(path, 1);
  if (head === 'name') {
    const own = ownName(res, res.existing ? ctx : quiet, ref.index);
    return own + rest(path, 1);
  }
  if (head === 'type') return quote(res.fullType) + rest(path, 1);
  if (head === 'apiVersion') return quote(res.apiVersion) + rest(path, 1);
  ctx.runtime = true;
  const id = resourceIdExpr(res, quiet, ref.index);
  if (head === 'properties') return `reference(${id}, ${quote(res.apiVersion)})${rest(path, 1)}`;
  return `reference(${id}, ${quote(res.apiVersion)}, 'full')${rest(path, 0)}`;
}

export const rest = (path: readonly string[], from: number) =>
  path
    .slice(from)
    .map((p) => (IDENT.test(p) ? `.${p}` : `[${quote(p)}]`))
    .join('');

/** A member chain `x.a.b` over a resource or module reference, split into ref and path. */
export function memberChain(
  e: TExpr,
  ctx: TExprContext,
): { ref: TRef; path: string[] } | undefined {
  const path: string[] = [];
  let cur = e;
  for (;;) {
    const r = refOf(cur, ctx);
    if (r) return { ref: r, path: path.reverse() };
    if (cur.k === 'member' && !cur.safe) {
      path.push(cur.name);
      cur = cur.target;
    } else if (
      cur.k === 'index' &&
      !cur.safe &&
      cur.index.k === 'str' &&
      cur.index.parts.length === 1
    ) {
      path.push(cur.index.parts[0] as string);
      cur = cur.target;
    } else return undefined;
  }
}
