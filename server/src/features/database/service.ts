import type { Logger } from 'pino';
import { ADMIN_MSG } from '@stratum/core/admin';
import type { TDatabaseConfigInput } from '@stratum/core/contract/database/database-config';
import type { TDatabaseTestResult } from '@stratum/core/contract/database/database-status';
import { quoteIdentifier } from '@stratum/core/contract/database/identifier';
import {
  DATABASE_QUERY_LIMITS,
  type TQueryParam,
  type TQueryResult,
} from '@stratum/core/contract/database/run-query';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { EgressRefusedError, type EgressPolicy } from '../../lib/egress';
import { reasonOf } from '../../lib/error-reason';
import { AppError } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import type { SharedState } from '../../lib/shared-state';
import { TargetPools, type TargetConfig } from './connection';
import { presentConfig, presentState, redactParams } from './presenters';
import * as repo from './repository';
import { runStatement } from './runner';
import type { DatabaseConfigRow } from './tables';

const CHANGED_CHANNEL = 'database:changed';
/** The statement text kept in the log and the audit trail. */
const MAX_LOGGED_STATEMENT = 10_000;
/** How long past the statement timeout a silent connection is given before it is dropped. */
const GUARD_MARGIN_MS = 5000;

export interface DatabaseDeps {
  db: Db;
  shared: SharedState;
  egress: EgressPolicy;
  encryptionKey: Buffer;
  log: Logger;
  config: Pick<Config, 'databaseStatementTimeoutMs'>;
}

/** The external PostgreSQL staff configure, connect and query (decision 0011). */
export class DatabaseService {
  private readonly pools: TargetPools;

  constructor(private readonly deps: DatabaseDeps) {
    this.pools = new TargetPools(deps.egress, deps.log);
    deps.shared.subscribe(CHANGED_CHANNEL, () => void this.pools.close());
  }

  async view() {
    const row = await repo.findConfig(this.deps.db);
    return { config: row ? presentConfig(row) : null, state: presentState(row) };
  }

  async save(input: TDatabaseConfigInput, actor: AuditActor) {
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await repo.findConfig(trx);
      // A kept password only ever goes to the server and user it was typed for: pointing the
      // config elsewhere without typing it again drops it, so it cannot be sent to a new host.
      const isSameTarget =
        before?.server === input.server &&
        before.port === input.port &&
        before.user_name === input.user;
      const secret =
        input.password === undefined
          ? isSameTarget
            ? before.password_secret
            : null
          : input.password === ''
            ? null
            : encryptSecret(this.deps.encryptionKey, input.password);
      const row = await repo.saveConfig(trx, {
        server: input.server,
        port: input.port,
        database_name: input.database,
        user_name: input.user,
        password_secret: secret,
        ssl: input.ssl,
        connection_timeout_ms: input.connectionTimeout,
        updated_by_email: actor.email,
      });
      await writeAudit(trx, actor, {
        action: 'database.config',
        targetType: 'database',
        targetId: null,
        before: before ? presentConfig(before) : null,
        after: presentConfig(row),
      });
    });
    await this.changed();
    return this.view();
  }

  async test(actor: AuditActor): Promise<TDatabaseTestResult> {
    const config = this.targetOf(await this.requireConfig());
    const result = await this.probe(config);
    await this.record(actor, 'test', {
      isOk: result.isConnected,
      durationMs: result.latencyMs,
      error: result.reason,
    });
    return result;
  }

  async connect(actor: AuditActor) {
    const row = await this.requireConfig();
    const test = await this.probe(this.targetOf(row));
    if (test.isConnected) await repo.setConnected(this.deps.db, actor.email);
    await this.record(actor, 'connect', {
      isOk: test.isConnected,
      durationMs: test.latencyMs,
      error: test.reason,
    });
    await this.changed();
    return { test, state: presentState(await repo.findConfig(this.deps.db)) };
  }

  async disconnect(actor: AuditActor) {
    await this.requireConfig();
    await repo.setConnected(this.deps.db, null);
    await this.record(actor, 'disconnect', { isOk: true, durationMs: 0, error: null });
    await this.changed();
    return { state: presentState(await repo.findConfig(this.deps.db)) };
  }

  createSchema(name: string, actor: AuditActor) {
    return this.schemaChange('create-schema', `CREATE SCHEMA ${quoteIdentifier(name)}`, actor);
  }

  dropSchema(name: string, isCascade: boolean, actor: AuditActor) {
    const statement = `DROP SCHEMA ${quoteIdentifier(name)} ${isCascade ? 'CASCADE' : 'RESTRICT'}`;
    return this.schemaChange('drop-schema', statement, actor);
  }

  /** One statement; every run, refused or not, is in the log and the audit trail. */
  query(text: string, params: TQueryParam[], isWrite: boolean, actor: AuditActor) {
    return this.execute('query', text, params, isWrite, actor);
  }

  /** Closes this process's pool (server shutdown). */
  close(): Promise<void> {
    return this.pools.close();
  }

  async listLog(limit: number) {
    return repo.listLog(this.deps.db, limit);
  }

  private async schemaChange(
    action: 'create-schema' | 'drop-schema',
    statement: string,
    actor: AuditActor,
  ): Promise<{ message: string }> {
    const result = await this.execute(action, statement, [], true, actor);
    if (!result.isOk) throw new AppError('request/invalid', result.message);
    return { message: `${action === 'create-schema' ? 'Created' : 'Dropped'} schema` };
  }

  private async execute(
    action: 'query' | 'create-schema' | 'drop-schema',
    text: string,
    params: TQueryParam[],
    isWrite: boolean,
    actor: AuditActor,
  ): Promise<TQueryResult> {
    const row = await this.requireConfig();
    if (!row.is_connected) {
      throw new AppError('system/database_not_connected', ADMIN_MSG.databaseNotConnected);
    }
    const client = await this.pools.acquire(this.targetOf(row)).catch((error: unknown) => {
      throw this.connectionError(error);
    });
    let isReleased = false;
    const release = (shouldDestroy: boolean) => {
      if (isReleased) return;
      isReleased = true;
      client.release(shouldDestroy);
    };
    // statement_timeout runs on the server; this catches a server or network that stops answering.
    let isStuck = false;
    const guard = setTimeout(() => {
      isStuck = true;
      release(true);
    }, this.deps.config.databaseStatementTimeoutMs + GUARD_MARGIN_MS);
    try {
      const run = await runStatement(client, text, params, isWrite, {
        statementTimeoutMs: this.deps.config.databaseStatementTimeoutMs,
        rowCap: DATABASE_QUERY_LIMITS.rowCap,
        maxResultBytes: DATABASE_QUERY_LIMITS.maxResultBytes,
      });
      const { result } = run;
      try {
        // Recorded before a write commits: no change reaches the database unrecorded.
        await this.record(actor, action, {
          statement: text,
          params,
          isWrite,
          isOk: result.isOk,
          rowCount: result.isOk ? result.rowCount : null,
          durationMs: result.durationMs,
          error: result.isOk ? null : result.message,
        });
      } catch (error) {
        await run.finish(false);
        throw error;
      }
      await run.finish(result.isOk);
      if (run.isClientBroken) release(true);
      return result;
    } catch (error) {
      release(true);
      if (isStuck) {
        throw new AppError('system/database_not_connected', 'The database stopped answering');
      }
      throw error;
    } finally {
      clearTimeout(guard);
      // A client that ran a committed write may carry session changes (SET, SET ROLE): not reused.
      release(isWrite);
    }
  }

  private async probe(config: TargetConfig): Promise<TDatabaseTestResult> {
    const started = Date.now();
    let client;
    try {
      client = await this.pools.client(config);
      const version = await client.query<{ v: string }>(
        "SELECT current_setting('server_version') AS v",
      );
      const facts = await client.query<{ size: string; tables: string }>(
        `SELECT pg_database_size(current_database())::text AS size,
           (SELECT count(*) FROM information_schema.tables
             WHERE table_schema NOT IN ('pg_catalog', 'information_schema'))::text AS tables`,
      );
      const serverVersion = version.rows[0]?.v ?? null;
      return {
        isConnected: true,
        message: `Connected to PostgreSQL ${serverVersion ?? ''}`.trim(),
        reason: null,
        serverVersion,
        databaseSize: Number(facts.rows[0]?.size ?? 0),
        tableCount: Number(facts.rows[0]?.tables ?? 0),
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
      await client?.end().catch(() => undefined);
    }
  }

  private async record(
    actor: AuditActor,
    action: repo.LogEntry['action'],
    entry: {
      statement?: string;
      params?: readonly unknown[];
      isWrite?: boolean;
      isOk: boolean;
      rowCount?: number | null;
      durationMs: number;
      error: string | null;
    },
  ): Promise<void> {
    const statement = entry.statement?.slice(0, MAX_LOGGED_STATEMENT) ?? null;
    const params = redactParams(entry.params ?? []);
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.appendLog(trx, {
        actor_id: actor.id,
        actor_email: actor.email,
        action,
        statement,
        params,
        is_write: entry.isWrite ?? false,
        is_ok: entry.isOk,
        row_count: entry.rowCount ?? null,
        duration_ms: entry.durationMs,
        error: entry.error,
      });
      await writeAudit(trx, actor, {
        action: `database.${action}`,
        targetType: 'database',
        targetId: null,
        after: {
          statement,
          params,
          isWrite: entry.isWrite ?? false,
          isOk: entry.isOk,
          rowCount: entry.rowCount ?? null,
          durationMs: entry.durationMs,
          error: entry.error,
        },
      });
    });
  }

  private async requireConfig(): Promise<DatabaseConfigRow> {
    const row = await repo.findConfig(this.deps.db);
    if (!row) throw new AppError('system/database_not_configured', ADMIN_MSG.databaseNotConfigured);
    return row;
  }

  private targetOf(row: DatabaseConfigRow): TargetConfig {
    return {
      server: row.server,
      port: row.port,
      database: row.database_name,
      user: row.user_name,
      password: row.password_secret
        ? decryptSecret(this.deps.encryptionKey, row.password_secret)
        : '',
      ssl: row.ssl,
      connectionTimeoutMs: row.connection_timeout_ms,
      version: row.updated_at.toISOString(),
    };
  }

  private connectionError(error: unknown): AppError {
    if (error instanceof EgressRefusedError) {
      return new AppError('system/egress_refused', error.message);
    }
    return new AppError(
      'system/database_not_connected',
      `${ADMIN_MSG.databaseNotConnected}: ${reasonOf(error)}`,
    );
  }

  private async changed(): Promise<void> {
    await this.pools.close();
    await this.deps.shared.publish(CHANGED_CHANNEL, 'changed');
  }
}
