import type { TExpr } from './ast';
import {
  quote,
  type TExprContext,
  type TFileSymbols,
  type TModuleSymbol,
  type TResourceSymbol,
} from './context';

/**
 * What a Bicep expression names: a resource or module symbol (`sa`, `sa[i]`, `vnet::subnet`),
 * with the member path read on it, or an `import * as ns` member. Their ARM expressions
 * (`resourceId()`/`reference()`, deployment ids, `dependsOn`) are written in expr-to-arm.ts,
 * which translates the names and indexes they contain.
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

/** `ns.x` of an `import * as ns`: the imported function or variable, by its name here. */
export function namespaced(
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
