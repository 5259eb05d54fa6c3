/** Pieces of the ARM template language the Bicep compiler writes with. */

/** Bicep's binary operators → ARM functions. */
export const BINARY: Readonly<Record<string, string>> = {
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

export const NAMESPACES = new Set(['az', 'sys']);

/** The namespace `bicep build` puts user-defined functions in. */
export const USER_NAMESPACE = '__bicep';

/** A format string's literal piece: braces doubled. */
export const formatLiteral = (s: string) => s.replace(/\{/g, '{{').replace(/\}/g, '}}');

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
