import { describe, expect, it } from 'vitest';
import { classifyAddress, embeddedV4, parseIpLiteral, type TAddressKind } from './address';

const kindOf = (host: string): TAddressKind | 'name' => {
  const ip = parseIpLiteral(host);
  return ip ? classifyAddress(ip) : 'name';
};

describe('egress address classification', () => {
  it.each([
    // loopback in every spelling a resolver or URL parser accepts
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['127.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.000.000.001', 'loopback'],
    ['2130706433', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::127.0.0.1', 'loopback'], // IPv4-compatible
    ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated
    // unspecified
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
    // private
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['012.1', 'private'], // octal 10
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['0xc0a80101', 'private'],
    ['fc00::', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a00:1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'], // NAT64 to a private address
    ['2002:c0a8:0101::1', 'private'], // 6to4 of 192.168.1.1
    ['64:ff9b:1::1', 'private'],
    ['fec0::1', 'private'],
    // CGNAT
    ['100.64.0.0', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    // link-local and metadata
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['[fe80::1%25eth0]', 'link-local'], // a URL-escaped zone too
    ['febf:ffff::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['2852039166', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    // multicast
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff00::', 'multicast'],
    ['ff02::1', 'multicast'],
    // reserved ranges
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'], // Teredo
    ['100::1', 'reserved'],
    // public
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['198.17.255.255', 'public'],
    ['198.20.0.0', 'public'],
    ['223.255.255.255', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2002:808:808::1', 'public'],
    // names are resolved, then their addresses classified
    ['localhost', 'name'],
    ['example.com', 'name'],
    ['1.2.3.4.5', 'name'],
    ['08.1.1.1', 'name'],
  ] as const)('%s is %s', (host, kind) => {
    expect(kindOf(host)).toBe(kind);
  });

  it('spells every literal canonically, so allow rules and checks agree', () => {
    expect(parseIpLiteral('0x7f.1')).toEqual({ family: 4, address: '127.0.0.1' });
    expect(parseIpLiteral('[::FFFF:127.0.0.1]')).toEqual({ family: 6, address: '::ffff:7f00:1' });
    expect(parseIpLiteral('FE80:0:0:0:0:0:0:1%lo')).toEqual({ family: 6, address: 'fe80::1' });
  });

  it('finds the IPv4 address an IPv6 one carries', () => {
    expect(embeddedV4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedV4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedV4('2002:a00:1::')).toBe('10.0.0.1');
    expect(embeddedV4('::1')).toBeNull();
    expect(embeddedV4('2606:4700::1')).toBeNull();
  });
});
