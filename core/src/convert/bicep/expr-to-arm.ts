import type { TExpr } from './ast';
import { quote, Unconvertible, type TExprContext } from './context';
import { loadFunction } from './load-content';
import {
  loopCount,
  loopEnv,
  memberChain,
  refExpr,
  refOf,
  resourceIdExpr,
  addDependency,
  rest,
} from './refs';

/**
 * Bicep expressions → ARM template language, as `bicep build` writes them: operators become
 * functions (`==` → `equals`), interpolation `format()`, symbols `parameters()`/`variables()`,
 * resource properties `resourceId()`/`reference()`, loop variables `copyIndex()`.
 */
const BINARY: Readonly<Record<string, string>> = {
  '==': 'equals',
  '&&': 'and',
  '||': 'or',
  '<': 'less',
  '<=': 'lessOrEquals',
  '>': 'greater',
  '>=': 'greaterOrEquals',
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'div',
  '%': 'mod',
  '??': 'coalesce',
};

const NAMESPACES = new Set(['az', 'sys']);

/** The namespace `bicep build` puts user-defined functions in. */
export const USER_NAMESPACE = '__bicep';

/** `ns.x` of an `import * as ns`: the imported function or variable, by its name here. */
function namespaced(
  ns: string,
  member: string,
  ctx: TExprContext,
): { kind: 'func' | 'var'; name: string } | undefined {
  if (ctx.env.has(ns) || !ctx.symbols.namespaces.has(ns)) return undefined;
  const key = `${ns}.${member}`;
  const found = ctx.symbols.funcs.get(key) ?? ctx.symbols.imported.get(key);
  if (!found) return undefined;
  return { kind: ctx.symbols.funcs.has(key) ? 'func' : 'var', name: found.armName ?? key };
}

/** A format string's literal piece: braces doubled. */
const formatLiteral = (s: string) => s.replace(/\{/g, '{{').replace(/\}/g, '}}');

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

/**
 * A JSON value of the template: literals stay JSON, everything else becomes `[expression]`.
 * A `for` in an object's property becomes ARM's property `copy` on that object.
 */
export function toJson(e: TExpr, ctx: TExprContext, allowCopy = false): unknown {
  switch (e.k) {
    case 'str':
      if (e.parts.length === 1) {
        const s = e.parts[0] as string;
        return s.startsWith('[') ? `[${s}` : s;
      }
      return `[${toExpr(e, ctx)}]`;
    case 'int':
    case 'bool':
      return e.value;
    case 'null':
      return null;
    case 'array':
      return e.items.map((i) => toJson(i, ctx, allowCopy));
    case 'object': {
      if (e.resources.length > 0) throw new Unconvertible('a resource inside a value', e);
      const out: Record<string, unknown> = {};
      const copies: unknown[] = [];
      for (const p of e.props) {
        if (p.value.k === 'for') {
          if (!allowCopy)
            throw new Unconvertible('a for-expression here has no ARM equivalent', p.value);
          copies.push(propertyCopy(p.key, p.value, ctx));
        } else setKey(out, p.key, toJson(p.value, ctx, allowCopy));
      }
      if (copies.length > 0) out['copy'] = copies;
      return out;
    }
    default: {
      const call = e.k === 'call' ? loadFunction(e, ctx, true) : undefined;
      if (call !== undefined) return call;
      // `plan.name` of a literal name is that literal, as `bicep build` writes it.
      const expr = toExpr(e, ctx);
      const literal = /^'((?:[^']|'')*)'$/.exec(expr);
      if (!literal) return `[${expr}]`;
      const s = literal[1]!.replace(/''/g, "'");
      return s.startsWith('[') ? `[${s}` : s;
    }
  }
}

/** `{ name, count, input }` of a property loop, its variables bound to `copyIndex('name')`. */
export function propertyCopy(
  name: string,
  loop: TExpr & { k: 'for' },
  ctx: TExprContext,
): Record<string, unknown> {
  const index = `copyIndex(${quote(name)})`;
  const env = loopEnv(loop, index, ctx);
  const inner = { ...ctx, env };
  const body = loop.body.k === 'if' ? loop.body.body : loop.body;
  if (loop.body.k === 'if')
    throw new Unconvertible('a filtered property loop has no ARM equivalent', loop);
  return { name, count: loopCount(loop.source, ctx), input: toJson(body, inner, true) };
}

/** Sets a key; `__proto__` stays an ordinary key, as in JSON. */
export function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else out[key] = value;
}
