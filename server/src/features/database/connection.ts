import pg from 'pg';
import type { Logger } from 'pino';
import type { CheckedTarget, EgressPolicy } from '../../lib/egress';

/** What a connection needs, with the password already decrypted. */
export interface TargetConfig {
  server: string;
  port: number;
  database: string;
  user: string;
  password: string;
  ssl: boolean;
  connectionTimeoutMs: number;
  /** Changes whenever the config is saved: a pool for an older version is closed. */
  version: string;
}

/**
 * pg settings for one target, connecting to the address the egress policy checked. TLS still
 * verifies the certificate against the server name staff entered.
 */
export function clientConfig(config: TargetConfig, target: CheckedTarget): pg.ClientConfig {
  const isName = target.host !== target.ip.address;
  return {
    host: target.ip.address,
    port: config.port,
    database: config.database,
    user: config.user,
    password: config.password,
    ssl: config.ssl
      ? {
          rejectUnauthorized: true,
          ...(isName && { servername: config.server, host: config.server }),
        }
      : false,
    connectionTimeoutMillis: config.connectionTimeoutMs,
    application_name: 'stratum',
    // Every value comes back as the text PostgreSQL prints: exact for numeric, int8, dates, json.
    types: { getTypeParser: () => (value: string) => value },
  };
}

/**
 * This process's pool for the connected database (§9: max 10, min 0, idle 30 s), opened on the
 * first statement after a connect and closed on disconnect or when the config changes. Other
 * processes keep their own; the shared `is_connected` flag in PostgreSQL decides for all.
 */
export class TargetPools {
  private current: { version: string; target: CheckedTarget; pool: pg.Pool } | undefined;

  constructor(
    private readonly policy: EgressPolicy,
    private readonly log: Logger,
  ) {}

  /** Opens a single client for a test; the caller ends it. */
  async client(config: TargetConfig): Promise<pg.Client> {
    const target = await this.policy.check(config.server, config.port);
    const client = new pg.Client(clientConfig(config, target));
    client.on('error', () => undefined); // a connection dropped later must not end the process
    await client.connect();
    return client;
  }

  /** A pooled client for `config`; the address is checked again against today's policy. */
  async acquire(config: TargetConfig): Promise<pg.PoolClient> {
    if (this.current?.version === config.version) {
      const { target } = this.current;
      if (!this.policy.verdict(target.host, target.port, target.ip).isAllowed) await this.close();
    }
    if (this.current?.version !== config.version) {
      await this.close();
      const target = await this.policy.check(config.server, config.port);
      const pool = new pg.Pool({
        ...clientConfig(config, target),
        max: 10,
        min: 0,
        idleTimeoutMillis: 30_000,
      });
      pool.on('error', (error) =>
        this.log.warn({ err: error }, 'external database connection lost'),
      );
      this.current = { version: config.version, target, pool };
    }
    return this.current.pool.connect();
  }

  async close(): Promise<void> {
    const closing = this.current;
    this.current = undefined;
    await closing?.pool.end().catch(() => undefined);
  }
}
