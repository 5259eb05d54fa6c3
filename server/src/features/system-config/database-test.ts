import pg from 'pg';
import { ADMIN_MSG } from '@stratum/core/admin';
import type {
  TDatabaseTestResult,
  TTestDatabaseInput,
} from '@stratum/core/contract/system-config/test-database';
import { AppError } from '../../lib/errors';

/**
 * Connects to the PostgreSQL staff describe and reports what it found. Nothing is kept: the
 * connection is closed and the password forgotten when the answer is sent.
 */
export async function testDatabase(config: TTestDatabaseInput): Promise<TDatabaseTestResult> {
  if (!config.server || !config.database || !config.user) {
    throw new AppError('system/database_not_configured', ADMIN_MSG.databaseNotConfigured);
  }
  const started = Date.now();
  const client = new pg.Client({
    host: config.server,
    port: config.port,
    database: config.database,
    user: config.user,
    password: config.password ?? '',
    ssl: config.ssl ? { rejectUnauthorized: true, servername: config.server } : false,
    connectionTimeoutMillis: config.connectionTimeout,
    query_timeout: config.connectionTimeout,
    application_name: 'stratum-connection-test',
  });
  // A connection dropped after the test must not take the server down.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    const size = await client.query<{ size: string }>(
      'SELECT pg_database_size(current_database())::text AS size',
    );
    const tables = await client.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return {
      isConnected: true,
      message: `Connected to PostgreSQL ${version.rows[0]?.server_version ?? ''}`.trim(),
      reason: null,
      serverVersion: version.rows[0]?.server_version ?? null,
      databaseSize: Number(size.rows[0]?.size ?? 0),
      tableCount: Number(tables.rows[0]?.count ?? 0),
      latencyMs: Date.now() - started,
    };
  } catch (error) {
    return {
      isConnected: false,
      message: ADMIN_MSG.databaseNotConnected,
      reason: reasonOf(error),
      serverVersion: null,
      databaseSize: null,
      tableCount: null,
      latencyMs: Date.now() - started,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Node reports a refused dual-stack connection as an AggregateError with an empty message. */
export function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map(reasonOf).join('; ') || 'Connection failed';
  }
  if (error instanceof Error)
    return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}
