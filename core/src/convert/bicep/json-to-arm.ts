import type { TExpr } from './ast';
import { setKey } from './arm-syntax';
import { quote, Unconvertible, type TExprContext } from './context';
import { loopEnv, rangeStart, toExpr } from './expr-to-arm';
import { loadFunction } from './load-content';

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

/** The `count` of a copy loop over `source`. */
export function loopCount(source: TExpr, ctx: TExprContext): unknown {
  if (source.k === 'call' && rangeStart(source) !== undefined) return toJson(source.args[1]!, ctx);
  return `[length(${toExpr(source, ctx)})]`;
}
