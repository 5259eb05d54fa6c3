import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no environment at all, on the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      metricsToken: undefined,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('lists every problem at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        SECRET_KEY: 'short',
        LOG_LEVEL: 'loud',
        METRICS_TOKEN: 'short',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SECRET_KEY', 'LOG_LEVEL', 'METRICS_TOKEN'])
        expect(message).toContain(name);
    }
  });

  it('treats empty variables as unset and lower-cases OWNER_EMAIL', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      OWNER_EMAIL: 'Boss@Example.com',
      PUBLIC_URL: 'https://stratum.example.com/',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.ownerEmail).toBe('boss@example.com');
    expect(config.publicUrl).toBe('https://stratum.example.com');
  });

  it('reads EGRESS_ALLOW as CIDRs, addresses and host:port, and names a bad entry', () => {
    const config = loadConfig({ EGRESS_ALLOW: '10.0.0.0/8, db.internal:5432 ::1' });
    expect(config.egressAllow.map((r) => r.kind)).toEqual(['cidr', 'host-port', 'cidr']);
    expect(loadConfig({}).egressAllow).toEqual([]);
    expect(() => loadConfig({ EGRESS_ALLOW: '10.0.0.0/33' })).toThrow(
      /EGRESS_ALLOW.*10\.0\.0\.0\/33/,
    );
  });
});
