import { describe, expect, it } from 'vitest';
import { parseAllowRules } from './allow-rules';
import { DenyList, ownServices, serviceEndpoint } from './deny';
import { EgressPolicy, EgressRefusedError, type Resolver } from './policy';

const DNS: Record<string, string[]> = {
  'db.internal': ['10.1.2.3'],
  'alias.example': ['10.1.2.3'],
  'me.example': ['127.0.0.1'],
  'lan.example': ['192.168.1.20'],
  localhost: ['::1', '127.0.0.1'],
};
const resolver: Resolver = (host) => {
  const found = DNS[host.toLowerCase().replace(/\.$/, '')];
  return found
    ? Promise.resolve(found.map((address) => ({ family: address.includes(':') ? 6 : 4, address })))
    : Promise.reject(new Error('ENOTFOUND'));
};

/** A machine with one LAN interface, 192.168.1.20. */
const denyList = (databaseUrl?: string, ports = [8080], redisUrl?: string) =>
  new DenyList(
    ownServices({ httpPorts: () => ports, databaseUrl, redisUrl }),
    resolver,
    () => new Set(['192.168.1.20']),
  );

/** Everything non-public is opened, as tests and the e2e journey do with loopback. */
const open = new EgressPolicy(parseAllowRules('0.0.0.0/0 ::/0 192.168.0.0/16').rules, resolver);

const verdict = async (deny: DenyList, host: string, port: number) => {
  try {
    await open.check(host, port, { deny });
    return 'allowed';
  } catch (error) {
    if (error instanceof EgressRefusedError) return `${error.kind}: ${error.message}`;
    throw error;
  }
};

describe('Stratum refuses its own services even when an allow rule opens them', () => {
  it('refuses its own port on every local address and spelling, not other ports', async () => {
    const deny = denyList();
    for (const host of [
      '127.0.0.1',
      '127.0.0.2',
      '0x7f.1',
      '2130706433',
      '[::1]',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '[::]',
      'localhost',
      'me.example',
      '192.168.1.20',
      'lan.example',
    ]) {
      expect(await verdict(deny, host, 8080), host).toMatch(/^own-service: .*own HTTP port/);
    }
    expect(await verdict(deny, '127.0.0.1', 8081)).toBe('allowed');
    // Another machine on the LAN may run something on 8080.
    expect(await verdict(deny, '192.168.1.21', 8080)).toBe('allowed');
  });

  it('refuses the listening port too when it differs from PORT', async () => {
    expect(await verdict(denyList(undefined, [8080, 39123]), '127.0.0.1', 39123)).toMatch(
      /own HTTP port/,
    );
  });

  it('refuses a database on loopback at its port on every local address', async () => {
    const deny = denyList('postgres://u:p@127.0.0.1:5432/stratum', []);
    for (const host of ['127.0.0.1', '127.9.9.9', '[::1]', 'localhost', '192.168.1.20']) {
      expect(await verdict(deny, host, 5432), host).toMatch(/own database/);
    }
    expect(await verdict(deny, '127.0.0.1', 5433)).toBe('allowed');
  });

  it('refuses a database named by DATABASE_URL by its name and every address it has', async () => {
    const deny = denyList('postgres://u:p@db.internal:6543/stratum', []);
    expect(await verdict(deny, 'db.internal', 6543)).toMatch(/own database/);
    expect(await verdict(deny, 'DB.Internal.', 6543)).toMatch(/own database/);
    expect(await verdict(deny, '10.1.2.3', 6543)).toMatch(/own database/);
    expect(await verdict(deny, 'alias.example', 6543)).toMatch(/own database/);
    expect(await verdict(deny, '[::ffff:10.1.2.3]', 6543)).toMatch(/own database/);
    expect(await verdict(deny, '10.1.2.3', 5432)).toBe('allowed');
    expect(await verdict(deny, '127.0.0.1', 6543)).toBe('allowed');
  });

  it("refuses Stratum's Redis, named by REDIS_URL", async () => {
    const deny = denyList(undefined, [], 'redis://:pw@127.0.0.1');
    expect(await verdict(deny, 'localhost', 6379)).toMatch(/own Redis/);
    expect(await verdict(deny, '127.0.0.1', 6380)).toBe('allowed');
  });

  it('reads host and port the way libpq does', () => {
    const databaseEndpoint = (url: string | undefined) => serviceEndpoint(url, 5432);
    expect(databaseEndpoint('postgres://u@db:5433/x')).toEqual({ host: 'db', port: 5433 });
    expect(databaseEndpoint('postgresql://u@db/x')).toEqual({ host: 'db', port: 5432 });
    expect(databaseEndpoint('postgres://u@[::1]:7/x')).toEqual({ host: '::1', port: 7 });
    expect(databaseEndpoint('postgres://u@x/d?host=10.0.0.9&port=6000')).toEqual({
      host: '10.0.0.9',
      port: 6000,
    });
    expect(databaseEndpoint('postgres://u@/d?host=/var/run/postgresql')).toBeNull();
    expect(databaseEndpoint(undefined)).toBeNull();
  });
});
