import { describe, expect, it } from 'vitest';
import { contains, formatCidr, nextFreeSubnet, overlaps, parseCidr } from './cidr';

const cidr = (text: string) => {
  const parsed = parseCidr(text);
  if (!parsed) throw new Error(`unreadable ${text}`);
  return parsed;
};

describe('parseCidr', () => {
  it('reads IPv4 ranges and writes them back the same', () => {
    for (const text of ['10.0.0.0/16', '0.0.0.0/0', '255.255.255.255/32', '192.168.4.0/22'])
      expect(formatCidr(cidr(text))).toBe(text);
    expect(parseCidr('10.0.1.0/24')).toEqual({ start: 0x0a000100, size: 256 });
  });

  it('refuses what Terraform and the clouds refuse', () => {
    for (const text of [
      '10.0.0.1/16', // host bits set
      '10.0.0.0/33',
      '256.0.0.0/8',
      '010.0.0.0/8', // leading zero: octal in some parsers
      '10.0.0.0/08',
      ' 10.0.0.0/16',
      '10.0.0.0/16 ',
      '10.0.0/16',
      '10.0.0.0',
      '10.0.0.0/',
      '+10.0.0.0/16',
      '10.0.0.0/-1',
      '１0.0.0.0/16', // a full-width digit
      '',
    ])
      expect(parseCidr(text), text).toBeUndefined();
  });
});

describe('contains and overlaps', () => {
  it('compares ranges by their edges', () => {
    expect(contains(cidr('10.0.0.0/16'), cidr('10.0.255.0/24'))).toBe(true);
    expect(contains(cidr('10.0.0.0/16'), cidr('10.1.0.0/24'))).toBe(false);
    expect(contains(cidr('10.0.0.0/24'), cidr('10.0.0.0/16'))).toBe(false);
    expect(overlaps(cidr('10.0.0.0/16'), cidr('10.0.3.0/24'))).toBe(true);
    expect(overlaps(cidr('10.0.0.0/25'), cidr('10.0.0.128/25'))).toBe(false);
  });
});

describe('nextFreeSubnet', () => {
  it('suggests the first free /24 inside a larger network', () => {
    expect(nextFreeSubnet('10.0.0.0/16', [])).toBe('10.0.0.0/24');
    expect(nextFreeSubnet('10.0.0.0/16', ['10.0.0.0/24', '10.0.2.0/24'])).toBe('10.0.1.0/24');
    // A sibling's larger range is skipped as a whole.
    expect(nextFreeSubnet('10.0.0.0/16', ['10.0.0.0/20'])).toBe('10.0.16.0/24');
    expect(nextFreeSubnet('10.0.0.0/8', ['10.0.0.0/9'])).toBe('10.128.0.0/24');
  });

  it('halves smaller networks down to a /28, and answers nothing when full or unreadable', () => {
    expect(nextFreeSubnet('10.0.0.0/24', [])).toBe('10.0.0.0/25');
    expect(nextFreeSubnet('10.0.0.0/24', ['10.0.0.0/25'])).toBe('10.0.0.128/25');
    expect(nextFreeSubnet('10.0.0.0/24', ['10.0.0.0/25', '10.0.0.128/26'])).toBe('10.0.0.192/26');
    expect(nextFreeSubnet('10.0.0.0/27', ['10.0.0.0/28', '10.0.0.16/28'])).toBeUndefined();
    expect(nextFreeSubnet('10.0.0.0/30', [])).toBeUndefined();
    expect(nextFreeSubnet('10.0.0.1/16', [])).toBeUndefined();
    expect(nextFreeSubnet('nonsense', [])).toBeUndefined();
  });

  it('ignores unreadable siblings and never overlaps a readable one', () => {
    const used = ['10.0.0.0/24', 'oops', '10.0.1.0/25'];
    const next = nextFreeSubnet('10.0.0.0/16', used);
    expect(next).toBe('10.0.2.0/24');
    for (const u of used.flatMap((t) => parseCidr(t) ?? []))
      expect(overlaps(u, cidr(next ?? ''))).toBe(false);
    expect(contains(cidr('10.0.0.0/16'), cidr(next ?? ''))).toBe(true);
  });
});
