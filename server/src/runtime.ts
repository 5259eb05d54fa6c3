import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { AppContext } from './app';
import type { Config } from './config';
import { createDb, createPool } from './db/database';
import type { EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { createMailer } from './lib/mail/mailer';
import { loadKeys } from './lib/secrets';
import { createMemoryState, createRedisState } from './lib/shared-state';

export interface Runtime {
  context: AppContext;
  pool: pg.Pool;
  /** Closes connections, then stops the embedded PostgreSQL if this process started it. */
  stop(): Promise<void>;
}

/**
 * Everything the app needs, started in order on the database (`DATABASE_URL`, or the embedded
 * PostgreSQL the caller started): schema, Redis, mail, keys.
 */
export async function startRuntime(
  config: Config,
  logger: Logger,
  embedded: EmbeddedDatabase | undefined,
): Promise<Runtime> {
  const databaseUrl = config.databaseUrl ?? embedded!.connectionString;
  const pool = createPool(databaseUrl);
  // An idle connection dropped by the server (restart, failover) is replaced on next use.
  pool.on('error', (error) =>
    logger.warn({ reason: error.message }, 'idle database connection closed'),
  );
  try {
    const applied = await migrate(pool);
    if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  const shared = config.redisUrl ? await createRedisState(config.redisUrl) : createMemoryState();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: logger,
  });
  const keys = await loadKeys(config.secretKey, config.dataDir);
  const db = createDb(pool);
  return {
    context: { config, db, shared, mailer, keys, logger, databaseUrl },
    pool,
    async stop() {
      mailer.close();
      await shared.close();
      await db.destroy(); // ends the pool
      await embedded?.stop();
    },
  };
}
