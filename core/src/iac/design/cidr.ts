/** IPv4 CIDR arithmetic for subnet checks. */
export interface TCidr {
  readonly start: number;
  readonly size: number;
}

export function parseCidr(text: string): TCidr | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const bits = Number(m[5]);
  if (octets.some((o) => o > 255) || bits > 32) return undefined;
  const ip = octets.reduce((acc, o) => acc * 256 + o, 0);
  const size = 2 ** (32 - bits);
  if (ip % size !== 0) return undefined;
  return { start: ip, size };
}

export const contains = (outer: TCidr, inner: TCidr): boolean =>
  inner.start >= outer.start && inner.start + inner.size <= outer.start + outer.size;

export const overlaps = (a: TCidr, b: TCidr): boolean =>
  a.start < b.start + b.size && b.start < a.start + a.size;
