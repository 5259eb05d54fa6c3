import { classifyAddress, parseIpLiteral, type IpLiteral, type TAddressKind } from './address';
import { AllowList, type AllowRule } from './allow-rules';
import type { DenyList } from './deny';
import { systemResolver, type Resolver } from './resolver';

export type { Resolver } from './resolver';

/** Kinds only the operator (`EGRESS_ALLOW`) can open; the admin's allow-list cannot. */
const OPERATOR_ONLY: readonly TAddressKind[] = ['metadata', 'link-local'];

/** Refused by the egress policy: the message names the host and why, never more. */
export class EgressRefusedError extends Error {
  constructor(
    readonly host: string,
    /** `own-service`: one of Stratum's own services (a `DenyList`), whatever the allow-lists say. */
    readonly kind: TAddressKind | 'unresolved' | 'scheme' | 'own-service',
    message: string,
  ) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

export interface CheckedTarget {
  /** The name (or literal) the caller asked for, normalised; TLS verifies against it. */
  host: string;
  port: number;
  /** The address that was checked, which is the one to connect to. */
  ip: IpLiteral;
  /** Every address the name has, all checked, `ip` first: what a connection may fall back to. */
  addresses: IpLiteral[];
}

export interface CheckOptions {
  /** Endpoints refused even when an allow rule opens their address (Stratum's own services). */
  deny?: DenyList;
}

/**
 * The one egress policy (DESIGN.md "Egress"): everything the server fetches or connects to on
 * a user's behalf is resolved here once, every resolved address is checked, and the caller
 * connects to the address that was checked. Non-public addresses need `EGRESS_ALLOW` or the
 * admin's allow-list.
 */
export class EgressPolicy {
  private readonly operator: AllowList;
  private admin = new AllowList([]);

  constructor(
    operatorRules: readonly AllowRule[],
    private readonly resolve: Resolver = systemResolver,
  ) {
    this.operator = new AllowList(operatorRules);
  }

  /** Replaces the admin's allow-list (system settings); applied to the next connection. */
  setAdminRules(rules: readonly AllowRule[]): void {
    this.admin = new AllowList(rules);
  }

  /** Whether this address may be reached for `host:port`, and if not, why. */
  verdict(host: string, port: number, ip: IpLiteral): { isAllowed: boolean; kind: TAddressKind } {
    const kind = classifyAddress(ip);
    if (kind === 'public' || this.operator.allows(host, port, ip)) return { isAllowed: true, kind };
    const isAdminAllowed = !OPERATOR_ONLY.includes(kind) && this.admin.allows(host, port, ip);
    return { isAllowed: isAdminAllowed, kind };
  }

  /**
   * Resolves `host` once and checks every address it has: one refused address refuses the
   * name (so a name cannot mix a public and a private answer), and so does one that reaches an
   * endpoint of `options.deny`. Returns the first address.
   */
  async check(host: string, port: number, options: CheckOptions = {}): Promise<CheckedTarget> {
    const literal = parseIpLiteral(host);
    let addresses: IpLiteral[];
    if (literal) {
      addresses = [literal];
    } else {
      try {
        addresses = (await this.resolve(host)).map((a) => parseIpLiteral(a.address) ?? a);
      } catch {
        addresses = [];
      }
      if (addresses.length === 0) {
        throw new EgressRefusedError(host, 'unresolved', `${host} could not be resolved`);
      }
    }
    await options.deny?.prepare();
    for (const ip of addresses) {
      const own = options.deny?.refusal(host, port, ip);
      if (own) {
        throw new EgressRefusedError(
          host,
          'own-service',
          `Connections to ${displayHost(host)}:${port} are not allowed: it is ${own.label}.`,
        );
      }
      const { isAllowed, kind } = this.verdict(host, port, ip);
      if (!isAllowed) {
        throw new EgressRefusedError(
          host,
          kind,
          `Connections to ${host} are not allowed: it is a ${kind} address. EGRESS_ALLOW or the admin allow-list can permit it.`,
        );
      }
    }
    return { host: literal ? literal.address : host, port, ip: addresses[0]!, addresses };
  }
}

/** An IPv6 literal in brackets, as in a URL, so that `host:port` reads unambiguously. */
function displayHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
