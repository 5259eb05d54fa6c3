import { isStatic, toJson, fromJson, type TVal } from './value';

/**
 * Terraform's pure functions the importer folds when their arguments are known: enough for
 * variable defaults, locals and names; anything else stays a call in the imported value.
 * `jsonencode` stays a call on purpose: the engine writes policies as `jsonencode({...})`.
 */
type TFn = (args: unknown[]) => unknown;

const str = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const list = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : typeof v === 'object' && v !== null ? Object.values(v) : [v];

function ipv4(s: string): number {
  return s.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
}

function cidrsubnet(prefix: string, newbits: number, netnum: number): string {
  const [addr, len] = prefix.split('/');
  const bits = Number(len) + newbits;
  if (!addr || !Number.isInteger(bits) || bits > 32) throw new Error('invalid cidrsubnet');
  const base = ipv4(addr) & (bits === 0 ? 0 : ~((1 << (32 - Number(len))) - 1) >>> 0);
  const value = (base >>> 0) + netnum * 2 ** (32 - bits);
  const parts = [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256);
  return `${parts.join('.')}/${bits}`;
}

const FUNCTIONS: Readonly<Record<string, TFn>> = {
  lower: ([s]) => str(s).toLowerCase(),
  upper: ([s]) => str(s).toUpperCase(),
  title: ([s]) => str(s).replace(/\b\w/g, (c) => c.toUpperCase()),
  trimspace: ([s]) => str(s).trim(),
  join: ([sep, l]) => list(l).map(str).join(str(sep)),
  split: ([sep, s]) => str(s).split(str(sep)),
  replace: ([s, a, b]) => str(s).split(str(a)).join(str(b)),
  substr: ([s, o, l]) => str(s).substr(Number(o), Number(l) < 0 ? undefined : Number(l)),
  format: ([f, ...rest]) => {
    let i = 0;
    return str(f).replace(/%[sdv%]/g, (m) => (m === '%%' ? '%' : str(rest[i++])));
  },
  concat: (ls) => ls.flatMap(list),
  flatten: ([l]) => list(l).flat(Infinity),
  distinct: ([l]) =>
    [...new Set(list(l).map((x) => JSON.stringify(x)))].map((x) => JSON.parse(x) as unknown),
  compact: ([l]) => list(l).filter((x) => x !== '' && x !== null),
  merge: (objs) => Object.assign({}, ...objs.filter((o) => o !== null)) as unknown,
  keys: ([o]) => Object.keys(o as object).sort(),
  values: ([o]) =>
    Object.keys(o as object)
      .sort()
      .map((k) => (o as Record<string, unknown>)[k]),
  lookup: ([o, k, d]) => (o as Record<string, unknown>)[str(k)] ?? d,
  element: ([l, i]) => {
    const items = list(l);
    return items[Number(i) % items.length];
  },
  length: ([v]) => (typeof v === 'string' ? [...v].length : list(v).length),
  coalesce: (vs) => vs.find((v) => v !== null && v !== ''),
  tolist: ([l]) => list(l),
  toset: ([l]) => [...new Set(list(l))],
  tomap: ([o]) => o,
  tostring: ([v]) => str(v),
  tonumber: ([v]) => Number(v),
  tobool: ([v]) => v === true || v === 'true',
  min: (ns) => Math.min(...ns.map(Number)),
  max: (ns) => Math.max(...ns.map(Number)),
  abs: ([n]) => Math.abs(Number(n)),
  ceil: ([n]) => Math.ceil(Number(n)),
  floor: ([n]) => Math.floor(Number(n)),
  cidrsubnet: ([p, b, n]) => cidrsubnet(str(p), Number(b), Number(n)),
  contains: ([l, v]) => list(l).some((x) => JSON.stringify(x) === JSON.stringify(v)),
};

/**
 * Functions whose result takes only the list's length to know, whatever its items: a slice of
 * references with known bounds (`slice([aws_subnet.a.id, aws_subnet.b.id], 0, var.count)`, one
 * subnet in dev and two in prod) is the references it keeps.
 */
const BY_SHAPE: Readonly<Record<string, (args: readonly TVal[]) => TVal | undefined>> = {
  slice: ([l, from, to]) =>
    Array.isArray(l) &&
    Number.isInteger(from) &&
    Number.isInteger(to) &&
    0 <= (from as number) &&
    (from as number) <= (to as number) &&
    (to as number) <= l.length
      ? (l as readonly TVal[]).slice(from as number, to as number)
      : undefined,
};

/** The call folded to a value, or undefined when it cannot be (unknown function or arguments). */
export function foldCall(fn: string, args: readonly TVal[]): TVal | undefined {
  const shaped = BY_SHAPE[fn]?.(args);
  if (shaped !== undefined) return shaped;
  const f = FUNCTIONS[fn];
  if (!f || !args.every(isStatic)) return undefined;
  try {
    const out = f(args.map(toJson));
    return out === undefined ? undefined : fromJson(out);
  } catch {
    return undefined;
  }
}
