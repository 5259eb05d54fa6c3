import { ArmExprError, isExpression, parseJsonString, type TArmNode } from './expr';
import { pointer } from './json-lines';
import { bicepOf, escapeBicep, type TDecompileScope } from './to-bicep-expr';

/** A piece of a template that cannot be written as Bicep; `at` is its JSON pointer. */
export class DecompileError extends Error {
  constructor(
    message: string,
    readonly at: string,
  ) {
    super(message);
    this.name = 'DecompileError';
  }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const bicepKey = (k: string) => (IDENT.test(k) ? k : `'${escapeBicep(k)}'`);

/** One ARM expression (a JSON string's tree) as Bicep; its problems fail the piece. */
export function exprOf(node: TArmNode, scope: TDecompileScope, at: string): string {
  const before = scope.problems.length;
  const t = bicepOf(node, scope).t;
  if (scope.problems.length > before)
    throw new DecompileError(scope.problems.splice(before).join('; '), at);
  return t;
}

export function nodeOf(s: string, at: string): TArmNode {
  try {
    return parseJsonString(s);
  } catch (e) {
    if (e instanceof ArmExprError) throw new DecompileError(`expression: ${e.message}`, at);
    throw e;
  }
}

/**
 * A JSON value of the template as Bicep, at `indent`. Strings `[…]` are expressions; an
 * object's `copy` array (property loops) becomes `name: [for j in range(0, n): input]`.
 */
export function valueOf(v: unknown, scope: TDecompileScope, at: string, indent: string): string {
  if (typeof v === 'string') {
    if (isExpression(v)) return exprOf(nodeOf(v, at), scope, at);
    return `'${escapeBicep(v.startsWith('[[') ? v.slice(1) : v)}'`;
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) return 'null';
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x, i) => `${inner}${valueOf(x, scope, pointer(at, i), inner)}`).join('\n')}\n${indent}]`;
  }
  const o = v as Record<string, unknown>;
  const lines: string[] = [];
  for (const [k, x] of Object.entries(o)) {
    if (k === 'copy' && Array.isArray(x)) {
      x.forEach((c, i) =>
        lines.push(`${inner}${propertyLoop(c, scope, pointer(pointer(at, k), i), inner)}`),
      );
      continue;
    }
    lines.push(`${inner}${bicepKey(k)}: ${valueOf(x, scope, pointer(at, k), inner)}`);
  }
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
}

/** A fresh index variable name for a loop nested `depth` deep. */
export function indexName(scope: TDecompileScope): string {
  const taken = new Set([
    ...scope.loops.values(),
    ...scope.params.values(),
    ...scope.vars.values(),
  ]);
  for (const n of ['i', 'j', 'k', 'l', 'm', 'n']) if (!taken.has(n)) return n;
  let i = 1;
  while (taken.has(`i${i}`)) i++;
  return `i${i}`;
}

/** `[for i in range(0, count): body]` for a copy with `count` and a body printer. */
export function loopOf(
  count: unknown,
  scope: TDecompileScope,
  at: string,
  body: (inner: TDecompileScope, index: string) => string,
  names: readonly string[],
): string {
  const index = indexName(scope);
  const loops = new Map(scope.loops);
  for (const n of names) loops.set(n, index);
  const inner: TDecompileScope = { ...scope, loops };
  const n =
    typeof count === 'number'
      ? String(count)
      : typeof count === 'string'
        ? valueOf(count, scope, pointer(at, 'count'), '')
        : undefined;
  if (n === undefined) throw new DecompileError('copy needs a count', at);
  return `[for ${index} in range(0, ${n}): ${body(inner, index)}]`;
}

function propertyLoop(c: unknown, scope: TDecompileScope, at: string, indent: string): string {
  const copy = c as { name?: unknown; count?: unknown; input?: unknown };
  if (typeof copy.name !== 'string' || !('input' in copy))
    throw new DecompileError('a property copy needs a name and an input', at);
  const name = copy.name;
  const loop = loopOf(
    copy.count,
    scope,
    at,
    (inner) => valueOf(copy.input, inner, pointer(at, 'input'), indent),
    [name],
  );
  return `${bicepKey(name)}: ${loop}`;
}
