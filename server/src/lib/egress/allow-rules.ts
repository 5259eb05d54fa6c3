import { BlockList } from 'node:net';
import { embeddedV4, parseIpLiteral, type IpLiteral } from './address';

/** One permission past the egress policy: a range of addresses, or one host name and port. */
export type AllowRule =
  | { kind: 'cidr'; text: string; family: 4 | 6; network: string; prefix: number }
  | { kind: 'host-port'; text: string; host: string; port: number };

export type ParsedRules = { rules: AllowRule[]; errors: string[] };

/**
 * Parses `EGRESS_ALLOW` and the admin allow-list: entries separated by commas, spaces or new
 * lines, each a CIDR (`10.0.0.0/8`, `fd00::/8`), a single address (`10.1.2.3`, `::1`) or a
 * `host:port` (`db.internal:5432`, `[::1]:5432`, `127.0.0.1:5432`).
 */
export function parseAllowRules(text: string): ParsedRules {
  const rules: AllowRule[] = [];
  const errors: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const rule = parseRule(entry);
    if (rule) rules.push(rule);
    else errors.push(`"${entry}" is neither a CIDR, an address nor host:port`);
  }
  return { rules, errors };
}

function parseRule(entry: string): AllowRule | null {
  const slash = entry.indexOf('/');
  if (slash >= 0) {
    const ip = parseIpLiteral(entry.slice(0, slash));
    const prefixText = entry.slice(slash + 1);
    if (!ip || !/^\d{1,3}$/.test(prefixText)) return null;
    const prefix = Number(prefixText);
    if (prefix > (ip.family === 4 ? 32 : 128)) return null;
    return { kind: 'cidr', text: entry, family: ip.family, network: ip.address, prefix };
  }
  const hostPort = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry);
  if (hostPort) {
    const port = Number(hostPort[2]);
    const host = normaliseHost(hostPort[1]!);
    if (port < 1 || port > 65535 || !isHostName(host)) return null;
    return { kind: 'host-port', text: entry, host, port };
  }
  const ip = parseIpLiteral(entry);
  if (!ip || (ip.family === 4 && !/^[\d.]+$/.test(entry))) return null;
  return {
    kind: 'cidr',
    text: entry,
    family: ip.family,
    network: ip.address,
    prefix: ip.family === 4 ? 32 : 128,
  };
}

/** Lower-case, no trailing dot, IP literals in their canonical spelling. */
export function normaliseHost(host: string): string {
  const ip = parseIpLiteral(host);
  if (ip) return ip.address;
  return host.toLowerCase().replace(/\.$/, '');
}

function isHostName(host: string): boolean {
  return (
    parseIpLiteral(host) !== null ||
    /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9])?)*$/.test(
      host,
    )
  );
}

/** A compiled set of rules: answers whether an address, or a host and port, is let through. */
export class AllowList {
  private readonly ranges = new BlockList();
  private readonly hostPorts = new Set<string>();
  readonly size: number;

  constructor(rules: readonly AllowRule[]) {
    for (const rule of rules) {
      if (rule.kind === 'cidr') {
        this.ranges.addSubnet(rule.network, rule.prefix, rule.family === 4 ? 'ipv4' : 'ipv6');
      } else {
        this.hostPorts.add(`${rule.host}|${rule.port}`);
      }
    }
    this.size = rules.length;
  }

  /** `host` is the name the caller asked for, `ip` the address it resolved to. */
  allows(host: string, port: number, ip: IpLiteral): boolean {
    if (this.hostPorts.has(`${normaliseHost(host)}|${port}`)) return true;
    if (this.hostPorts.has(`${ip.address}|${port}`)) return true;
    if (ip.family === 4) return this.ranges.check(ip.address, 'ipv4');
    const v4 = embeddedV4(ip.address);
    return this.ranges.check(ip.address, 'ipv6') || (v4 !== null && this.ranges.check(v4, 'ipv4'));
  }
}
