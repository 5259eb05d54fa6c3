import type { TTfCall, TTfRef, TTfTemplate } from '../../iac/ir/terraform-ir';

/**
 * A value after static evaluation: plain JSON where Terraform could know it before `plan`
 * (literals, variable defaults, locals, pure functions of those), the engine's IR nodes where it
 * cannot (`aws_vpc.main.id`, templates and calls over them), and `raw` for the rest (`count.index`,
 * conditionals on unknown values), which keeps the references it contains.
 */
export interface TRaw {
  readonly $: 'raw';
  readonly text: string;
  readonly refs: readonly TTfRef[];
}

export interface TObj {
  readonly $: 'obj';
  readonly entries: Readonly<Record<string, TVal>>;
}

export type TVal =
  string | number | boolean | null | readonly TVal[] | TObj | TTfRef | TTfTemplate | TTfCall | TRaw;

export const isTaggedVal = (v: TVal): v is TObj | TTfRef | TTfTemplate | TTfCall | TRaw =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Known before plan: no reference, call over unknowns or raw expression inside. */
export function isStatic(v: TVal): boolean {
  if (Array.isArray(v)) return (v as readonly TVal[]).every(isStatic);
  if (!isTaggedVal(v)) return true;
  const t = v;
  return t.$ === 'obj' && Object.values(t.entries).every(isStatic);
}

/** Every reference inside a value. */
export function refsOf(v: TVal, into: TTfRef[] = []): TTfRef[] {
  if (Array.isArray(v)) {
    for (const x of v as readonly TVal[]) refsOf(x, into);
    return into;
  }
  if (!isTaggedVal(v)) return into;
  const t = v;
  switch (t.$) {
    case 'ref':
      into.push(t);
      break;
    case 'raw':
      into.push(...t.refs);
      break;
    case 'obj':
      for (const x of Object.values(t.entries)) refsOf(x, into);
      break;
    case 'tpl':
      for (const p of t.parts) if (typeof p !== 'string') refsOf(p, into);
      break;
    case 'call':
      for (const a of t.args) refsOf(a, into);
      break;
  }
  return into;
}

/** JSON of a static value (objects as plain objects). */
export function toJson(v: TVal): unknown {
  if (Array.isArray(v)) return (v as readonly TVal[]).map(toJson);
  if (isTaggedVal(v) && (v as TObj).$ === 'obj')
    return Object.fromEntries(Object.entries((v as TObj).entries).map(([k, x]) => [k, toJson(x)]));
  return v;
}

/** A static JSON value back as a TVal (objects tagged). */
export function fromJson(v: unknown): TVal {
  if (Array.isArray(v)) return v.map(fromJson);
  if (typeof v === 'object' && v !== null)
    return {
      $: 'obj',
      entries: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromJson(x)])),
    };
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return null;
}

/** A canonical one-line text of a value, equal for equal values (comparisons, raw text). */
export function canonical(v: TVal): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${(v as readonly TVal[]).map(canonical).join(',')}]`;
  const t = v as TObj | TTfRef | TTfTemplate | TTfCall | TRaw;
  switch (t.$) {
    case 'ref':
      return t.attr ? `${t.address}.${t.attr}` : t.address;
    case 'raw':
      return `(${t.text})`;
    case 'obj':
      return `{${Object.keys(t.entries)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical(t.entries[k]!)}`)
        .join(',')}}`;
    case 'tpl':
      return `"${t.parts.map((p) => (typeof p === 'string' ? p : `\${${canonical(p as TVal)}}`)).join('')}"`;
    case 'call':
      return `${t.fn}(${t.args.map((a) => canonical(a as TVal)).join(',')})`;
  }
}
