import type { THclAttribute } from '../hcl/ast';
import { evaluate, type TEvalScope } from './evaluate';
import type { TInstanceKey } from './expand-refs';
import { isTaggedVal, type TVal } from './value';

/** More instances than this are not read one by one: the first stands for them, with a warning. */
export const INSTANCE_CAP = 100;

/**
 * What `count` or `for_each` makes of a block: its instances when the number or the collection is
 * known before plan (each with the `count`/`each` it is evaluated with), else the first instance
 * with a note saying why the design holds only that one.
 */
export type TExpansion =
  | {
      readonly k: 'each';
      readonly instances: readonly { readonly key: TInstanceKey; readonly scope: TEvalScope }[];
    }
  | { readonly k: 'first'; readonly scope: TEvalScope; readonly repeated: string };

const bind = (scope: TEvalScope, name: string, value: TVal): TEvalScope => ({
  ...scope,
  bound: new Map([...(scope.bound ?? []), [name, value]]),
});

const countScope = (scope: TEvalScope, index: number) =>
  bind(scope, 'count', { $: 'obj', entries: { index } });
const eachScope = (scope: TEvalScope, key: string, value: TVal) =>
  bind(scope, 'each', { $: 'obj', entries: { key, value } });

/** A known `count`: a whole number (a JSON-syntax `"3"` too). */
function countOf(v: TVal): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * A known `for_each`: a map (keys in Terraform's lexical order; its values may be references, as
 * in `for_each = aws_subnet.this`) or a set of strings.
 */
function eachOf(v: TVal): [string, TVal][] | undefined {
  if (Array.isArray(v)) {
    const items = v as readonly TVal[];
    if (!items.every((x) => ['string', 'number', 'boolean'].includes(typeof x))) return undefined;
    return [...new Set(items.map(String))].sort().map((k) => [k, k]);
  }
  if (!isTaggedVal(v) || v.$ !== 'obj') return undefined;
  return Object.entries(v.entries).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The block's instances, from its `count` or `for_each` attribute (evaluated in `scope`). */
export function expand(meta: THclAttribute, scope: TEvalScope): TExpansion {
  const value = evaluate(meta.expr, scope);
  const written = `${meta.name} = ${meta.text.slice(meta.text.indexOf('=') + 1).trim()}`;
  if (meta.name === 'count') {
    const n = countOf(value);
    if (n === undefined) return { k: 'first', scope, repeated: written };
    if (n > INSTANCE_CAP)
      return {
        k: 'first',
        scope: countScope(scope, 0),
        repeated: `${written} (${n} instances, more than the ${INSTANCE_CAP} read one by one)`,
      };
    return {
      k: 'each',
      instances: Array.from({ length: n }, (_, i) => ({ key: i, scope: countScope(scope, i) })),
    };
  }
  const entries = eachOf(value);
  if (!entries) return { k: 'first', scope, repeated: written };
  const [first] = entries;
  if (entries.length > INSTANCE_CAP)
    return {
      k: 'first',
      scope: eachScope(scope, first![0], first![1]),
      repeated: `${written} (${entries.length} instances, more than the ${INSTANCE_CAP} read one by one)`,
    };
  return {
    k: 'each',
    instances: entries.map(([key, v]) => ({ key, scope: eachScope(scope, key, v) })),
  };
}
