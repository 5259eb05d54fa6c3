import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, parseIpLiteral, type TAddressKind } from './address';

// An oracle written apart from address.ts: IPv4 ranges as numbers, most specific first.
const V4: [start: string, prefix: number, kind: TAddressKind][] = [
  ['169.254.169.254', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const toNumber = (dotted: string) =>
  dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const RANGES = V4.map(([start, prefix, kind]) => {
  const first = toNumber(start);
  return { first, last: first + 2 ** (32 - prefix) - 1, kind };
});
const expectedKind = (n: number): TAddressKind =>
  RANGES.find((r) => n >= r.first && n <= r.last)?.kind ?? 'public';

const uint32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
/** A number inside one of the refused ranges (each range equally likely). */
const deniedV4 = fc.constantFrom(...RANGES).chain((r) => fc.integer({ min: r.first, max: r.last }));
const publicV4 = uint32.filter((n) => expectedKind(n) === 'public');

/** One number as inet_aton reads it: decimal, octal (leading 0) or hex (0x/0X, any case). */
const numberSpelling = (n: number) =>
  fc.constantFrom('dec', 'oct', 'hex', 'HEX').map((base) => {
    if (base === 'dec') return String(n);
    if (base === 'oct') return `0${n.toString(8)}`;
    return base === 'hex' ? `0x${n.toString(16)}` : `0X${n.toString(16).toUpperCase()}`;
  });

/** Every IPv4 spelling a resolver or URL parser accepts: 4, 3, 2 or 1 parts, each in any base. */
const v4Spelling = (n: number) => {
  const b = [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff] as const;
  const parts = fc.constantFrom(
    [b[0], b[1], b[2], b[3]],
    [b[0], b[1], (b[2] << 8) | b[3]], // 127.0.1
    [b[0], (b[1] << 16) | (b[2] << 8) | b[3]], // 127.1
    [n], // 2130706433
  );
  return fc
    .tuple(
      parts.chain((ps) => fc.tuple(...ps.map(numberSpelling))),
      fc.boolean(), // a trailing dot
    )
    .map(([ps, isDotted]) => `${ps.join('.')}${isDotted ? '.' : ''}`);
};

const hex16 = (x: number, isUpper: boolean, isPadded: boolean) => {
  const text = isPadded ? x.toString(16).padStart(4, '0') : x.toString(16);
  return isUpper ? text.toUpperCase() : text;
};

/** The same IPv4 address carried in IPv6: mapped, in dotted or hex tail, long or short form. */
const mappedSpelling = (n: number) =>
  fc
    .tuple(
      fc.boolean(), // dotted tail
      fc.boolean(), // upper case
      fc.boolean(), // full zeros instead of ::
      fc.boolean(), // brackets
      fc.constantFrom('', '%eth0', '%25lo'), // zone id
    )
    .map(([isDotted, isUpper, isLong, hasBrackets, zone]) => {
      const dotted = [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');
      const tail = isDotted
        ? dotted
        : `${hex16(n >>> 16, isUpper, isLong)}:${hex16(n & 0xffff, isUpper, isLong)}`;
      const head = isLong ? '0:0:0:0:0:' : '::';
      const ffff = isUpper ? 'FFFF' : 'ffff';
      const address = `${head}${ffff}:${tail}${hasBrackets ? '' : zone.replace('%25', '%')}`;
      return hasBrackets ? `[${address}${zone}]` : address;
    });

const kindOf = (host: string) => {
  const ip = parseIpLiteral(host);
  return ip ? classifyAddress(ip) : 'not an address';
};

describe('every spelling of an address gets the same verdict (properties)', () => {
  it('refuses a refused IPv4 address however it is written', () => {
    fc.assert(
      fc.property(
        deniedV4.chain((n) => fc.tuple(fc.constant(n), v4Spelling(n))),
        ([n, spelling]) => {
          expect(kindOf(spelling)).toBe(expectedKind(n));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a refused IPv4 address carried in IPv6 however it is written', () => {
    fc.assert(
      fc.property(
        deniedV4.chain((n) => fc.tuple(fc.constant(n), mappedSpelling(n))),
        ([n, spelling]) => {
          expect(kindOf(spelling)).toBe(expectedKind(n));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('lets a public IPv4 address through however it is written', () => {
    fc.assert(
      fc.property(
        publicV4.chain((n) => fc.oneof(v4Spelling(n), mappedSpelling(n))),
        (spelling) => {
          expect(kindOf(spelling)).toBe('public');
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses IPv6 loopback, unique-local, link-local and multicast in any case and form', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const v6 = fc.oneof(
      fc.constant({ groups: [0, 0, 0, 0, 0, 0, 0, 1], kind: 'loopback' }),
      fc
        .tuple(
          fc.integer({ min: 0xfc00, max: 0xfdff }),
          fc.array(group, { minLength: 7, maxLength: 7 }),
        )
        .map(([first, rest]) => ({
          groups: [first, ...rest],
          // fd00:ec2::254 is AWS's metadata service, inside the unique-local range.
          kind: first === 0xfd00 && rest.join() === '3778,0,0,0,0,0,596' ? 'metadata' : 'private',
        })),
      fc
        .tuple(
          fc.integer({ min: 0xfe80, max: 0xfebf }),
          fc.array(group, { minLength: 7, maxLength: 7 }),
        )
        .map(([first, rest]) => ({ groups: [first, ...rest], kind: 'link-local' })),
      fc
        .tuple(
          fc.integer({ min: 0xff00, max: 0xffff }),
          fc.array(group, { minLength: 7, maxLength: 7 }),
        )
        .map(([first, rest]) => ({ groups: [first, ...rest], kind: 'multicast' })),
    );
    fc.assert(
      fc.property(
        v6,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('', '%eth0'),
        ({ groups, kind }, isUpper, isPadded, hasBrackets, zone) => {
          const text = groups.map((g) => hex16(g, isUpper, isPadded)).join(':');
          const spelling = hasBrackets ? `[${text}${zone}]` : `${text}${zone}`;
          expect(kindOf(spelling)).toBe(kind);
          // The compressed form (what a resolver answers) gets the same verdict.
          const compressed = parseIpLiteral(spelling)!.address;
          expect(kindOf(compressed)).toBe(kind);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('lets global unicast IPv6 through (2400::/6, outside every special range)', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(
        fc.integer({ min: 0x2400, max: 0x27ff }),
        fc.array(group, { minLength: 7, maxLength: 7 }),
        fc.boolean(),
        (first, rest, isUpper) => {
          const text = [first, ...rest].map((g) => hex16(g, isUpper, false)).join(':');
          expect(kindOf(text)).toBe('public');
          expect(kindOf(`[${text}]`)).toBe('public');
        },
      ),
      { numRuns: 500 },
    );
  });
});
