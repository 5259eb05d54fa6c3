import { networkInterfaces } from 'node:os';
import { classifyAddress, embeddedV4, parseIpLiteral, type IpLiteral } from './address';
import { normaliseHost } from './allow-rules';
import { systemResolver, type Resolver } from './resolver';

/** A TCP endpoint of Stratum itself: its HTTP port, its PostgreSQL. */
export interface OwnService {
  /** Said in the refusal: "it is Stratum's own HTTP port". */
  label: string;
  /** A host name or address; null for a port of this machine (every local address). */
  host: string | null;
  port: number;
}

/** How long the addresses of a named database host are trusted before being resolved again. */
const RESOLVED_TTL_MS = 60_000;

/**
 * Endpoints no user request may reach, whatever the allow-lists open: Stratum's own port (on any
 * address of this machine) and the PostgreSQL it runs on. Tests and the e2e journey open
 * 127.0.0.0/8 to reach local servers; that must not open the API itself (requests from loopback
 * must not become a way round its client-address limits) or its database.
 *
 * Kept apart from `EgressPolicy` because the database console (decision 0011) may reach the
 * machine's PostgreSQL on purpose; each caller passes the list it needs.
 */
export class DenyList {
  private resolved = new Map<string, { at: number; addresses: ReadonlySet<string> }>();

  constructor(
    /** Read on every check: the HTTP port is known only once the server listens. */
    private readonly services: () => readonly OwnService[],
    private readonly resolve: Resolver = systemResolver,
    private readonly localAddresses: () => ReadonlySet<string> = interfaceAddresses,
  ) {}

  /**
   * Resolves the named hosts of the list (each kept for a minute) so that `refusal` compares
   * addresses synchronously. A name that does not resolve is still denied by its name.
   */
  async prepare(now = Date.now()): Promise<void> {
    for (const { host } of this.services()) {
      if (host === null || parseIpLiteral(host)) continue;
      const key = normaliseHost(host);
      const cached = this.resolved.get(key);
      if (cached && now - cached.at < RESOLVED_TTL_MS) continue;
      const found = await this.resolve(host).catch(() => []);
      const addresses = new Set(
        found.flatMap((a) => {
          const ip = parseIpLiteral(a.address);
          return ip ? [comparable(ip)] : [];
        }),
      );
      this.resolved.set(key, { at: now, addresses });
    }
  }

  /** The service that `host:port`, resolved to `ip`, would reach; undefined when none. */
  refusal(host: string, port: number, ip: IpLiteral): OwnService | undefined {
    const services = this.services().filter((s) => s.port === port);
    if (services.length === 0) return undefined;
    const address = comparable(ip);
    const local = this.localAddresses();
    const isLocal = (a: string) => isLocalAddress(a, local);
    return services.find((service) => {
      if (service.host === null) return isLocal(address);
      if (normaliseHost(service.host) === normaliseHost(host)) return true;
      const own = this.addressesOf(service.host);
      // A service on this machine may listen on every interface: any local address reaches it.
      return own.has(address) || (isLocal(address) && [...own].some(isLocal));
    });
  }

  private addressesOf(host: string): ReadonlySet<string> {
    const literal = parseIpLiteral(host);
    if (literal) return new Set([comparable(literal)]);
    return this.resolved.get(normaliseHost(host))?.addresses ?? new Set();
  }
}

function isLocalAddress(address: string, interfaces: ReadonlySet<string>): boolean {
  const ip = parseIpLiteral(address);
  if (!ip) return false;
  const kind = classifyAddress(ip);
  return kind === 'loopback' || kind === 'unspecified' || interfaces.has(address);
}

/** IPv4 addresses carried in IPv6 (mapped, compatible, NAT64…) compare as the IPv4 address. */
function comparable(ip: IpLiteral): string {
  if (ip.family === 4) return ip.address;
  return embeddedV4(ip.address) ?? ip.address;
}

/** Every address of this machine's interfaces, canonical. Read per check: interfaces change. */
function interfaceAddresses(): ReadonlySet<string> {
  const set = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      const ip = parseIpLiteral(entry.address);
      if (ip) set.add(comparable(ip));
    }
  }
  return set;
}

/**
 * Stratum's own services from its configuration: the HTTP port (configured and actually
 * listening, on any local address), the PostgreSQL of the connection string in use (embedded or
 * `DATABASE_URL`; a Unix socket cannot be reached over TCP and is left out) and the Redis of
 * `REDIS_URL` (it holds the rate-limit counters and carries the invalidation broadcast).
 */
export function ownServices(options: {
  httpPorts: () => readonly number[];
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
}): () => OwnService[] {
  const database = serviceEndpoint(options.databaseUrl, 5432);
  const redis = serviceEndpoint(options.redisUrl, 6379);
  return () => [
    ...[...new Set(options.httpPorts())]
      .filter((port) => port > 0)
      .map((port) => ({ label: "Stratum's own HTTP port", host: null, port })),
    ...(database ? [{ label: "Stratum's own database", ...database }] : []),
    ...(redis ? [{ label: "Stratum's own Redis", ...redis }] : []),
  ];
}

/**
 * host and port of a postgres:// or redis:// URL (for PostgreSQL, libpq's `?host=` and
 * `?port=` win, as in libpq); null for none or a Unix socket.
 */
export function serviceEndpoint(
  url: string | undefined,
  defaultPort: number,
): { host: string; port: number } | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname);
  if (!host || host.startsWith('/')) return null;
  const port = Number(parsed.searchParams.get('port') ?? (parsed.port || defaultPort));
  return { host: host.replace(/^\[|\]$/g, ''), port };
}
