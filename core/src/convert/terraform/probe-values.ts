import type { TPropertyDefinition, TPropertyValue } from '../../iac/types';
import type { TView } from './view';

/**
 * How a property is varied to probe it (its options, number and text sentinels) and the shapes
 * of what the variation tells: how to read the property back from a component's view.
 */

export const ABSENT = '∅';

export type TPropertyProbe =
  | {
      readonly key: string;
      readonly kind: 'choice';
      readonly keys: readonly string[];
      readonly options: readonly {
        readonly value: TPropertyValue;
        readonly sig: readonly string[];
      }[];
    }
  | {
      readonly key: string;
      readonly kind: 'linear';
      readonly at: readonly string[];
      readonly a: number;
      readonly b: number;
      readonly integer: boolean;
      readonly min?: number;
      readonly max?: number;
    }
  | {
      readonly key: string;
      readonly kind: 'text';
      readonly at: readonly {
        readonly key: string;
        readonly prefix: string;
        readonly suffix: string;
      }[];
    }
  | { readonly key: string; readonly kind: 'list'; readonly at: readonly string[] }
  | {
      /** A number inside a larger text: the text just before it locates it. */
      readonly key: string;
      readonly kind: 'number-in-text';
      /** `after`: the text after it when that ends the value (`"` of `….max() > 80"`). */
      readonly at: readonly {
        readonly key: string;
        readonly before: string;
        readonly after?: string;
      }[];
    }
  | {
      /** One resource or block per item (`…_attachment_1`, `…_2`): keys numbered from `start`. */
      readonly key: string;
      readonly kind: 'list-family';
      readonly keyPrefix: string;
      readonly keySuffix: string;
      readonly start: number;
      readonly prefix: string;
      readonly suffix: string;
    }
  | {
      /** One resource per item named after it (`…_in_443`, `…_cloudsql_client`): the key's pattern. */
      readonly key: string;
      readonly kind: 'list-keyed';
      readonly keyPrefix: string;
      readonly keySuffix: string;
      readonly prefix: string;
      readonly suffix: string;
    }
  | { readonly key: string; readonly kind: 'hidden' };

export function choices(p: TPropertyDefinition): TPropertyValue[] | undefined {
  if (p.type === 'enum' && p.allowed) return [...p.allowed];
  if (p.type === 'boolean') return [true, false];
  if (
    p.type === 'number' &&
    p.min !== undefined &&
    p.max !== undefined &&
    p.max - p.min <= 12 &&
    Number.isInteger(p.default)
  )
    return Array.from({ length: p.max - p.min + 1 }, (_, i) => p.min! + i);
  return undefined;
}

/** Two in-range values unlike the default, to see how a number is written. */
export function numberSentinels(p: TPropertyDefinition): [number, number] {
  const d = Number(p.default);
  const min = p.min ?? Number.NEGATIVE_INFINITY;
  const max = p.max ?? Number.POSITIVE_INFINITY;
  const step = Number.isInteger(d) ? 1 : 0.5;
  const candidates = [
    d + 3 * step,
    d + 7 * step,
    d - 3 * step,
    d - 7 * step,
    d + 1 * step,
    d - 1 * step,
  ].filter((v) => v >= min && v <= max && v !== d);
  return [candidates[0] ?? d, candidates[1] ?? candidates[0] ?? d];
}

export const SENTINEL = 'zq7sentinel';
export const SENTINEL_LIST = ['zq7alpha', 'zq7beta'];
/** A list another property is probed with (items unlike the sentinels it is looked for by). */
export const GIVEN_LIST = ['zq7given'];
/** For lists whose items must be numbers (ports). */
export const NUMBER_LIST = ['4711', '8193'];
export const SHAPED_SENTINELS = ['zq7sentinel@example.com', 'https://zq7sentinel.example.com/'];

export function cidrSentinel(def: string): string {
  const [addr, len] = def.split('/');
  const parts = (addr ?? '10.0.0.0').split('.');
  parts[1] = '213';
  return `${parts.join('.')}/${len ?? '16'}`;
}

/** The words of a canonical value, strings looked into (`.max`, `5m`, `@other:aws_sqs_queue.arn`). */
export function tokens(c: string): ReadonlySet<string> {
  let found = tokenCache.get(c);
  if (!found) {
    if (tokenCache.size > 20_000) tokenCache.clear();
    found = new Set(c.match(/[^\s{}[\](),"=\\]+/g) ?? []);
    tokenCache.set(c, found);
  }
  return found;
}
const tokenCache = new Map<string, ReadonlySet<string>>();

export const numeric = (c: string | undefined): number | undefined => {
  if (c === undefined) return undefined;
  const n = Number(c.replace(/^"|"$/g, ''));
  return Number.isFinite(n) ? n : undefined;
};

/** A distinctive in-range number found inside a text: the text around it is the pattern. */
export function numberInText(
  p: TPropertyDefinition,
  view: (v: number) => TView | undefined,
  base: TView,
): TPropertyProbe {
  const min = p.min ?? 0;
  const max = p.max ?? 1e9;
  const sentinel = [4711, 8193, 613, 97, 61, 13].find(
    (v) => v >= min && v <= max && v !== p.default,
  );
  const built = sentinel === undefined ? undefined : view(sentinel);
  const at: { key: string; before: string; after?: string }[] = [];
  for (const [k, e] of built ?? []) {
    const i = e.c.indexOf(String(sentinel));
    if (i === -1 || base.get(k)?.c === e.c) continue;
    const end = i + String(sentinel).length;
    // Digits around it would make the pattern ambiguous (`147111`).
    if (/\d/.test(e.c[i - 1] ?? '') || /\d/.test(e.c[end] ?? '')) continue;
    const after = e.c.slice(end);
    at.push({
      key: k,
      before: e.c.slice(Math.max(0, i - 24), i),
      ...(after.length <= 2 ? { after } : {}),
    });
  }
  return at.length === 0
    ? { key: p.key, kind: 'hidden' }
    : { key: p.key, kind: 'number-in-text', at };
}

/** Items written one resource (or block) each: the numbered key and the value's pattern. */
export function listFamily(
  key: string,
  view: TView | undefined,
  sentinels: readonly string[] = SENTINEL_LIST,
): TPropertyProbe | undefined {
  const [a, b] = sentinels as [string, string];
  const find = (s: string) => [...(view ?? [])].find(([, e]) => e.c.includes(s));
  const first = find(a);
  const second = find(b);
  if (!first || !second || first[0] === second[0]) return undefined;
  const [k0, k1] = [first[0], second[0]];
  let i = 0;
  while (i < k0.length && k0[i] === k1[i]) i++;
  let j = 0;
  while (j < k0.length - i && k0[k0.length - 1 - j] === k1[k1.length - 1 - j]) j++;
  // Back to the start of the number (`_10` vs `_11` share the `1`).
  while (i > 0 && /\d/.test(k0[i - 1]!)) i--;
  const n0 = Number(k0.slice(i, k0.length - j));
  const n1 = Number(k1.slice(i, k1.length - j));
  const c = first[1].c;
  const at = c.indexOf(a);
  if (!Number.isInteger(n0) || n1 !== n0 + 1)
    return keyedFamily(key, k0, k1, c.slice(0, at), c.slice(at + a.length), a);
  return {
    key,
    kind: 'list-family',
    keyPrefix: k0.slice(0, i),
    keySuffix: k0.slice(k0.length - j),
    start: n0,
    prefix: c.slice(0, at),
    suffix: c.slice(at + a.length),
  };
}

const alnum = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a resource key's variable part was made from the item (`cloudsql_client` of
 * `roles/cloudsql.client`, `443`): one's letters and digits end the other's.
 */
export const isKeyOf = (middle: string, item: string) => {
  const [m, i] = [alnum(middle), alnum(item)];
  return m !== '' && (i.endsWith(m) || m.endsWith(i));
};

/** Items named in the keys (`…_in_4711/from_port`, `…_in_8193/from_port`): the key's pattern. */
function keyedFamily(
  key: string,
  k0: string,
  k1: string,
  prefix: string,
  suffix: string,
  sentinel: string,
): TPropertyProbe | undefined {
  let i = 0;
  while (i < k0.length && k0[i] === k1[i]) i++;
  // The variable part starts and ends at a separator (`zq7alpha` and `zq7beta` share `zq7`).
  while (i > 0 && !/[_./[-]/.test(k0[i - 1]!)) i--;
  let j = 0;
  while (j < k0.length - i && k0[k0.length - 1 - j] === k1[k1.length - 1 - j]) j++;
  while (j > 0 && !/[_./\]-]/.test(k0[k0.length - j]!)) j--;
  const middle = k0.slice(i, k0.length - j);
  if (middle.includes('/') || !isKeyOf(middle, sentinel)) return undefined;
  return {
    key,
    kind: 'list-keyed',
    keyPrefix: k0.slice(0, i),
    keySuffix: k0.slice(k0.length - j),
    prefix,
    suffix,
  };
}
