import { quote, type TExprContext } from './context';
import { extensionFor } from './extensions';
import { rest, type TRef } from './refs';

/**
 * languageVersion 2.0: what a template resource or module is read by, as `bicep build` writes
 * it with symbolic names — `reference('sa')` for its properties, `reference('sa', api, 'full')`
 * for the rest, `reference('net').outputs.x.value` for a module's output, and every property of
 * an extension's resource through `reference('ns')`. One item of a loop keeps its resource id.
 */
export function symbolicRef(
  ref: TRef,
  path: readonly string[],
  ctx: TExprContext,
): string | undefined {
  if (!ctx.symbols.symbolic || ref.index) return undefined;
  if (ref.kind === 'module') {
    if (path[0] !== 'outputs' || path[1] === undefined) return undefined;
    return `reference(${quote(ref.mod.symbol)}).outputs.${path[1]}.value${rest(path, 2)}`;
  }
  const res = ref.res;
  const symbol = quote(res.symbol);
  if (extensionFor(res.fullType, ctx.symbols.extensions))
    return `reference(${symbol})${rest(path, 0)}`;
  if (['id', 'name', 'type', 'apiVersion'].includes(path[0] ?? '')) return undefined;
  if (path[0] === 'properties') return `reference(${symbol})${rest(path, 1)}`;
  return `reference(${symbol}, ${quote(res.apiVersion)}, 'full')${rest(path, 0)}`;
}

/** The `dependsOn` entry of a resource or module in a languageVersion 2.0 template. */
export const symbolicDependency = (ref: TRef) =>
  ref.kind === 'resource' ? ref.res.symbol : ref.mod.symbol;
