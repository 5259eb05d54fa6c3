/** Reading untrusted JSON without casts: each helper answers the shape or null. */

export function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : null;
}

export function asArray(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : [];
}

export function asString(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

export function asNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

export function asBoolean(v: unknown): boolean | null {
  return typeof v === 'boolean' ? v : null;
}

/** The first element of a nested block list (`root_block_device[0]`), as Terraform stores blocks. */
export function firstBlock(v: unknown): Record<string, unknown> | null {
  return Array.isArray(v) ? asRecord(v[0]) : asRecord(v);
}
