/** IPv4 CIDR helpers for suggesting a free subnet range inside a network. */
function parse(cidr: string): { base: number; bits: number } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr.trim());
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const bits = Number(m[5]);
  if (octets.some((o) => o > 255) || bits > 32) return undefined;
  const ip = octets.reduce((acc, o) => acc * 256 + o, 0);
  const size = 2 ** (32 - bits);
  return { base: ip - (ip % size), bits };
}

const format = (ip: number, bits: number) =>
  `${[24, 16, 8, 0].map((s) => Math.floor(ip / 2 ** s) % 256).join('.')}/${bits}`;

/**
 * The first /24 (or the network itself when smaller) inside `network` that overlaps none of
 * `used`; undefined when the network is full or unreadable.
 */
export function nextSubnetCidr(
  network: string,
  used: readonly string[],
  fallbackNetwork?: string,
): string | undefined {
  const net = parse(network) ?? (fallbackNetwork ? parse(fallbackNetwork) : undefined);
  if (!net) return undefined;
  const bits = Math.max(24, net.bits);
  const step = 2 ** (32 - bits);
  const taken = used.flatMap((u) => {
    const p = parse(u);
    return p ? [{ start: p.base, end: p.base + 2 ** (32 - p.bits) }] : [];
  });
  const end = net.base + 2 ** (32 - net.bits);
  for (let start = net.base; start + step <= end; start += step) {
    if (taken.every((t) => start + step <= t.start || start >= t.end)) return format(start, bits);
  }
  return undefined;
}
