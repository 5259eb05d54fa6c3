import { BlockList, isIP, isIPv4 } from 'node:net';

/** Why an address is refused; `public` addresses may be reached. */
export type TAddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'reserved';

export interface IpLiteral {
  family: 4 | 6;
  /** The canonical spelling: dotted quad, or compressed lower-case IPv6 without brackets. */
  address: string;
}

/**
 * The host as an IP literal in its canonical form, or null when it is a name. Every spelling
 * that a resolver (inet_aton) or a URL parser accepts counts: `127.1`, `0x7f.1`, `0177.0.0.1`,
 * `2130706433`, `[::1]`, `::ffff:7f00:1`, `fe80::1%eth0`.
 */
export function parseIpLiteral(host: string): IpLiteral | null {
  let h = host.trim();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  const zone = h.indexOf('%');
  if (zone > 0 && h.includes(':')) h = h.slice(0, zone);
  if (isIP(h) === 6) return { family: 6, address: canonicalV6(h) };
  if (h.includes(':')) return null;
  // The WHATWG URL parser applies the same IPv4 number rules as inet_aton (hex, octal, short forms).
  let parsed: string;
  try {
    parsed = new URL(`http://${h}/`).hostname;
  } catch {
    return null;
  }
  return isIPv4(parsed) ? { family: 4, address: parsed } : null;
}

function canonicalV6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** The eight 16-bit groups of an IPv6 address (any valid spelling). */
export function v6Groups(address: string): number[] {
  const canonical = canonicalV6(address);
  const [head = '', tail] = canonical.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const v4FromGroups = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');

/**
 * The IPv4 address an IPv6 one carries and would reach: IPv4-mapped (::ffff:0:0/96),
 * IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4
 * (2002::/16).
 */
export function embeddedV4(address: string): string | null {
  const g = v6Groups(address);
  const isZero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (isZero(0, 5) && g[5] === 0xffff) return v4FromGroups(g[6]!, g[7]!);
  if (isZero(0, 6) && (g[6] !== 0 || g[7]! > 1)) return v4FromGroups(g[6]!, g[7]!);
  if (isZero(0, 4) && g[4] === 0xffff && g[5] === 0) return v4FromGroups(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && isZero(2, 6)) return v4FromGroups(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4FromGroups(g[1]!, g[2]!);
  return null;
}

type Range = [network: string, prefix: number, kind: Exclude<TAddressKind, 'public'>];

// Most specific first: the first range that holds an address names its kind.
const V4_RANGES: Range[] = [
  ['169.254.169.254', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // TEST-NET-1
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // TEST-NET-2
  ['203.0.113.0', 24, 'reserved'], // TEST-NET-3
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255
];

const V6_RANGES: Range[] = [
  ['fd00:ec2::254', 128, 'metadata'], // AWS's IPv6 instance metadata service
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'private'], // local-use NAT64
  ['100::', 64, 'reserved'], // discard-only
  ['2001::', 23, 'reserved'], // IETF protocol assignments, Teredo (2001::/32)
  ['2001:db8::', 32, 'reserved'], // documentation
  ['fc00::', 7, 'private'], // unique local
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // deprecated site-local
  ['ff00::', 8, 'multicast'],
];

function compile(ranges: Range[], family: 'ipv4' | 'ipv6') {
  return ranges.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });
}

const V4 = compile(V4_RANGES, 'ipv4');
const V6 = compile(V6_RANGES, 'ipv6');

/** What kind of address this is; anything other than `public` is refused without an allow rule. */
export function classifyAddress(ip: IpLiteral): TAddressKind {
  if (ip.family === 4) {
    return V4.find((r) => r.list.check(ip.address, 'ipv4'))?.kind ?? 'public';
  }
  const v4 = embeddedV4(ip.address);
  if (v4 !== null) return classifyAddress({ family: 4, address: v4 });
  return V6.find((r) => r.list.check(ip.address, 'ipv6'))?.kind ?? 'public';
}
