/**
 * IPv4 CIDR arithmetic: the one parser the engine's validation and the board's subnet
 * suggestions share. Strict: four decimal octets without leading zeros, a prefix of 0–32, no
 * spaces, and no host bits set (`10.0.0.1/16` is refused, as Terraform's cidrsubnet and the
 * clouds' APIs refuse it).
 */
export interface TCidr {
  readonly start: number;
  readonly size: number;
}

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const CIDR = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}\\/(3[0-2]|[12]?\\d)$`);

export function parseCidr(text: string): TCidr | undefined {
  const m = CIDR.exec(text);
  if (!m) return undefined;
  const ip = m.slice(1, 5).reduce((acc, o) => acc * 256 + Number(o), 0);
  const size = 2 ** (32 - Number(m[5]));
  if (ip % size !== 0) return undefined;
  return { start: ip, size };
}

export function formatCidr(cidr: TCidr): string {
  const octets = [24, 16, 8, 0].map((s) => Math.floor(cidr.start / 2 ** s) % 256);
  return `${octets.join('.')}/${32 - Math.log2(cidr.size)}`;
}

export const contains = (outer: TCidr, inner: TCidr): boolean =>
  inner.start >= outer.start && inner.start + inner.size <= outer.start + outer.size;

export const overlaps = (a: TCidr, b: TCidr): boolean =>
  a.start < b.start + b.size && b.start < a.start + a.size;

/** The smallest subnet suggested: /28 is the smallest every cloud accepts (AWS's minimum). */
const SMALLEST_PREFIX = 28;

/**
 * A free subnet inside `network` that overlaps none of `used` (unreadable entries ignored): the
 * first /24 when the network is larger than a /24, else the first half, quarter... down to a
 * /28. Undefined when the network is unreadable or full.
 */
export function nextFreeSubnet(network: string, used: readonly string[]): string | undefined {
  const net = parseCidr(network);
  if (!net) return undefined;
  const taken = used.flatMap((u) => parseCidr(u) ?? []);
  const netPrefix = 32 - Math.log2(net.size);
  for (let prefix = Math.max(24, netPrefix + 1); prefix <= SMALLEST_PREFIX; prefix++) {
    const size = 2 ** (32 - prefix);
    let start = net.start;
    while (start + size <= net.start + net.size) {
      const candidate = { start, size };
      const clash = taken.find((t) => overlaps(t, candidate));
      if (!clash) return formatCidr(candidate);
      // Jump past the range in the way, to the next aligned block.
      start = Math.ceil((clash.start + clash.size) / size) * size;
    }
  }
  return undefined;
}
