import { callOf, type TArmNode } from './expr';
import { canon } from './to-bicep-match';

const RESERVED = new Set([
  'true',
  'false',
  'null',
  'if',
  'for',
  'in',
  'param',
  'var',
  'resource',
  'module',
  'output',
  'existing',
  'targetScope',
  'import',
  'type',
  'func',
  'metadata',
  'using',
  'extension',
  'az',
  'sys',
]);

/** A Bicep identifier for an ARM name (`storage-account.name` → `storageAccountName`). */
export function identifier(name: string): string {
  const words = name.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  let id = words
    .map((w, i) =>
      i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
  if (!/^[A-Za-z_]/.test(id)) id = `_${id}`;
  if (RESERVED.has(id)) id = `${id}_`;
  return id === '_' ? 'x' : id;
}

/** A name not in `taken` (adds it): `base`, else `base` + suffix, else numbered. */
export function unique(base: string, taken: Set<string>, suffix: string): string {
  let name = base;
  if (taken.has(name)) name = `${base}${suffix}`;
  for (let i = 2; taken.has(name); i++) name = `${base}${suffix}${i}`;
  taken.add(name);
  return name;
}

/**
 * The segments of a resource name (`vnet/subnet`): a literal split on `/`,
 * `format('{0}/{1}', a, b)` → a, b; `concat(a, '/', b)` → a, b. Undefined when it cannot be split.
 */
export function nameSegments(n: TArmNode): TArmNode[] | undefined {
  if (n.k === 'str') return n.value.split('/').map((value) => ({ k: 'str', value }));
  const format = callOf(n, 'format');
  if (format && format.args[0]?.k === 'str') {
    const pieces = format.args[0].value.split('/');
    const out: TArmNode[] = [];
    for (const p of pieces) {
      const only = /^\{(\d+)\}$/.exec(p);
      if (only) {
        const arg = format.args[Number(only[1]) + 1];
        if (!arg) return undefined;
        out.push(arg);
      } else if (!/[{}]/.test(p)) out.push({ k: 'str', value: p });
      else {
        // A segment mixing text and placeholders: its own format().
        const used: TArmNode[] = [];
        const f = p.replace(/\{(\d+)\}/g, (_, d: string) => {
          used.push(format.args[Number(d) + 1]!);
          return `{${used.length - 1}}`;
        });
        out.push({ k: 'call', name: 'format', args: [{ k: 'str', value: f }, ...used] });
      }
    }
    return out;
  }
  const concat = callOf(n, 'concat');
  if (concat && concat.args.some((a) => a.k === 'str' && a.value.includes('/'))) {
    const out: TArmNode[][] = [[]];
    for (const a of concat.args) {
      if (a.k === 'str' && a.value.includes('/')) {
        const parts = a.value.split('/');
        parts.forEach((p, i) => {
          if (i > 0) out.push([]);
          if (p) out[out.length - 1]!.push({ k: 'str', value: p });
        });
      } else out[out.length - 1]!.push(a);
    }
    return out.map((args) => (args.length === 1 ? args[0]! : { k: 'call', name: 'concat', args }));
  }
  return [n];
}

/** The key `'literal'`/`${canon}` pieces of a relative id, for matching `scope` strings. */
export function piecesKey(pieces: readonly (string | TArmNode)[]): string {
  return pieces
    .map((p) => (typeof p === 'string' ? p : p.k === 'str' ? p.value : `\${${canon(p)}}`))
    .join('');
}
