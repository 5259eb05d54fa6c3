import type { TExpr } from './ast';
import { BINARY, formatLiteral, NAMESPACES, USER_NAMESPACE } from './arm-syntax';
import {
  DEPLOYMENTS_API,
  quote,
  Unconvertible,
  type TExprContext,
  type TLoop,
  type TModuleSymbol,
  type TResourceSymbol,
} from './context';
import { loadFunction } from './load-content';
import { memberChain, namespaced, refOf, rest, type TRef } from './refs';
import { symbolicDependency, symbolicRef } from './symbolic';

/**
 * Bicep expressions → ARM template language, as `bicep build` writes them: operators become
 * functions (`==` → `equals`), interpolation `format()`, symbols `parameters()`/`variables()`,
 * resource properties `resourceId()`/`reference()`, loop variables `copyIndex()`.
 */
export function toExpr(e: TExpr, ctx: TExprContext): string {
  switch (e.k) {
    case 'str': {
      if (e.parts.length === 1) return quote(e.parts[0] as string);
      let format = '';
      const args: string[] = [];
      for (const p of e.parts) {
        if (typeof p === 'string') format += formatLiteral(p);
        else {
          format += `{${args.length}}`;
          args.push(toExpr(p, ctx));
        }
      }
      return `format(${[quote(format), ...args].join(', ')})`;
    }
    case 'int':
      return String(e.value);
    case 'bool':
      return e.value ? 'true()' : 'false()';
    case 'null':
      return 'null()';
    case 'id':
      return identifier(e, ctx);
    case 'call':
      return call(e, ctx);
    case 'method': {
      const imported = e.target.k === 'id' ? namespaced(e.target.name, e.name, ctx) : undefined;
      if (imported?.kind === 'func')
        return `${USER_NAMESPACE}.${imported.name}(${e.args.map((a) => toExpr(a, ctx)).join(', ')})`;
      if (e.target.k === 'id' && NAMESPACES.has(e.target.name) && !ctx.env.has(e.target.name))
        return call({ ...e, k: 'call', ns: e.target.name, name: e.name, args: e.args }, ctx);
      const ref = refOf(e.target, ctx);
      if (ref?.kind === 'resource' && e.name.startsWith('list')) {
        addDependency(ref, ctx);
        ctx.runtime = true;
        const version = e.args[0] ? toExpr(e.args[0], ctx) : quote(ref.res.apiVersion);
        if (ctx.symbols.symbolic && !ref.index)
          return `${e.name}(${quote(ref.res.symbol)}, ${version})`;
        return `${e.name}(${resourceIdExpr(ref.res, { ...ctx, deps: undefined }, ref.index)}, ${version})`;
      }
      if (e.name === 'getSecret')
        throw new Unconvertible(
          "getSecret() is converted only as a module parameter's value (an ARM Key Vault reference)",
          e,
        );
      throw new Unconvertible(`${e.name}() has no ARM template equivalent here`, e);
    }
    case 'member':
    case 'index':
    case 'child': {
      const imported =
        e.k === 'member' && e.target.k === 'id'
          ? namespaced(e.target.name, e.name, ctx)
          : undefined;
      if (imported?.kind === 'var') return `variables(${quote(imported.name)})`;
      const chain = memberChain(e, ctx);
      if (chain) return refExpr(chain.ref, ctx, chain.path);
      if (e.k === 'child') throw new Unconvertible(`unknown nested resource ${e.name}`, e);
      const target = toExpr(e.target, ctx);
      if (e.k === 'member')
        return e.safe ? `tryGet(${target}, ${quote(e.name)})` : `${target}${rest([e.name], 0)}`;
      const index = toExpr(e.index, ctx);
      return e.safe ? `tryGet(${target}, ${index})` : `${target}[${index}]`;
    }
    case 'unary':
      return e.op === '!' ? `not(${toExpr(e.operand, ctx)})` : `sub(0, ${toExpr(e.operand, ctx)})`;
    case 'nonNull':
      return toExpr(e.operand, ctx);
    case 'binary': {
      const l = toExpr(e.left, ctx);
      const r = toExpr(e.right, ctx);
      if (e.op === '!=') return `not(equals(${l}, ${r}))`;
      if (e.op === '=~') return `equals(toLower(${l}), toLower(${r}))`;
      if (e.op === '!~') return `not(equals(toLower(${l}), toLower(${r})))`;
      return `${BINARY[e.op]!}(${l}, ${r})`;
    }
    case 'ternary':
      return `if(${toExpr(e.cond, ctx)}, ${toExpr(e.then, ctx)}, ${toExpr(e.else, ctx)})`;
    case 'object':
      if (e.resources.length > 0) throw new Unconvertible('a resource inside a value', e);
      return `createObject(${e.props.flatMap((p) => [quote(p.key), toExpr(p.value, ctx)]).join(', ')})`;
    case 'array':
      return `createArray(${e.items.map((i) => toExpr(i, ctx)).join(', ')})`;
    case 'lambda': {
      const env = new Map(ctx.env);
      for (const p of e.params) env.set(p, `lambdaVariables(${quote(p)})`);
      const inner = { ...ctx, env };
      const body = toExpr(e.body, inner);
      if (inner.runtime) ctx.runtime = true;
      return `lambda(${[...e.params.map(quote), body].join(', ')})`;
    }
    case 'for':
      throw new Unconvertible(
        'a for-expression here has no ARM equivalent (only in properties, variables and outputs)',
        e,
      );
    case 'if':
      throw new Unconvertible('a condition here has no ARM equivalent', e);
  }
}

function identifier(e: TExpr & { k: 'id' }, ctx: TExprContext): string {
  const bound = ctx.env.get(e.name);
  if (bound !== undefined) return bound;
  const s = ctx.symbols;
  if (s.params.has(e.name)) return `parameters(${quote(e.name)})`;
  const v = s.vars.get(e.name);
  if (v) {
    if (ctx.inlining?.has(e.name))
      throw new Unconvertible(`variable ${e.name} refers to itself`, e);
    if (ctx.inlineVars && v.value.k !== 'for')
      return toExpr(v.value, {
        ...ctx,
        env: new Map(),
        inlining: new Set([...(ctx.inlining ?? []), e.name]),
      });
    // Variables that read runtime state are inlined where used, as `bicep build` does
    // (ARM evaluates `variables` before any resource exists).
    const inner: TExprContext = {
      ...ctx,
      env: new Map(),
      inlining: new Set([...(ctx.inlining ?? []), e.name]),
      runtime: false,
    };
    const compiled = v.value.k === 'for' ? undefined : toExpr(v.value, inner);
    if (inner.runtime) {
      ctx.runtime = true;
      return compiled!;
    }
    return `variables(${quote(e.name)})`;
  }
  if (s.imported.has(e.name)) return `variables(${quote(e.name)})`;
  const ref = refOf(e, ctx);
  if (ref) return refExpr(ref, ctx, []);
  throw new Unconvertible(`unknown symbol ${e.name}`, e);
}

function call(e: TExpr & { k: 'call' }, ctx: TExprContext): string {
  const own = e.ns ? undefined : ctx.symbols.funcs.get(e.name);
  if (own && !ctx.env.has(e.name))
    return `${USER_NAMESPACE}.${own.armName ?? e.name}(${e.args.map((a) => toExpr(a, ctx)).join(', ')})`;
  if (e.ns && !NAMESPACES.has(e.ns))
    throw new Unconvertible(`function ${e.ns}.${e.name}() is not an ARM function`, e);
  const loaded = loadFunction(e, ctx);
  if (loaded !== undefined) return loaded as string;
  if (e.name === 'any' && e.args.length === 1) return toExpr(e.args[0]!, ctx);
  if (e.name === 'getSecret' || e.name === 'readEnvironmentVariable')
    throw new Unconvertible(`${e.name}() has no ARM template equivalent`, e);
  if (e.name === 'reference' || e.name.startsWith('list')) ctx.runtime = true;
  return `${e.name}(${e.args.map((a) => toExpr(a, ctx)).join(', ')})`;
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
export function rangeStart(source: TExpr): string | undefined {
  if (source.k !== 'call' || source.name !== 'range' || source.args.length !== 2) return undefined;
  const s = source.args[0]!;
  return s.k === 'int' ? String(s.value) : undefined;
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
  if (ctx.symbols.symbolic) {
    // Symbolic names: one item of a loop depends on the whole loop, as with a property loop.
    if (ref.kind === 'module' || !ref.res.existing)
      ctx.deps.set(symbolicDependency(ref), symbolicDependency(ref));
    return;
  }
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
  const symbolic = symbolicRef(ref, path, ctx);
  if (symbolic) {
    ctx.runtime = true;
    return symbolic;
  }
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
