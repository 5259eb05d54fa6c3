import Cursor from 'pg-cursor';
import pg from 'pg';
import type { TQueryParam, TQueryResult } from '@stratum/core/contract/database/run-query';

export interface RunLimits {
  statementTimeoutMs: number;
  rowCap: number;
  maxResultBytes: number;
}

export interface StatementRun {
  result: TQueryResult;
  /** Ends the transaction: commits a successful write, rolls back everything else. */
  finish(shouldCommit: boolean): Promise<void>;
  /** The connection failed (not the statement): it must not go back to the pool. */
  isClientBroken: boolean;
}

const READ_ONLY_VIOLATION = '25006';
const QUERY_CANCELED = '57014';

/**
 * Runs one statement in its own transaction — READ ONLY unless writes are allowed — under a
 * statement timeout, through the extended protocol (so a second statement is refused and
 * parameters are never spliced into the text), reading at most `rowCap` rows. The transaction
 * stays open until `finish`, so the caller can record the statement before a write commits.
 */
export async function runStatement(
  client: pg.PoolClient,
  text: string,
  params: readonly TQueryParam[],
  isWrite: boolean,
  limits: RunLimits,
): Promise<StatementRun> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const finish = async (shouldCommit: boolean) => {
    await client.query(shouldCommit && isWrite ? 'COMMIT' : 'ROLLBACK');
  };
  try {
    await client.query(isWrite ? 'BEGIN READ WRITE' : 'BEGIN READ ONLY');
    const timeout = Math.trunc(limits.statementTimeoutMs);
    await client.query(`SET LOCAL statement_timeout = ${timeout}`);
    await client.query(`SET LOCAL lock_timeout = ${timeout}`);
    const cursor = client.query(
      new Cursor<(string | null)[]>(text, [...params], {
        rowMode: 'array',
        types: { getTypeParser: () => (value: string) => value },
      }),
    );
    const { rows, result } = await read(cursor, limits.rowCap + 1);
    await cursor.close();
    let isTruncated = rows.length > limits.rowCap;
    let kept = rows.slice(0, limits.rowCap);
    const byBytes = cutAtBytes(kept, limits.maxResultBytes);
    if (byBytes.length < kept.length) {
      kept = byBytes;
      isTruncated = true;
    }
    const types = await typeNames(
      client,
      result.fields.map((f) => f.dataTypeID),
    );
    const command = result.command ?? 'SELECT';
    const isRowSet = result.fields.length > 0;
    return {
      result: {
        isOk: true,
        command,
        columns: result.fields.map((f) => ({
          name: f.name,
          type: types.get(f.dataTypeID) ?? String(f.dataTypeID),
        })),
        rows: kept,
        rowCount: isRowSet ? kept.length : (result.rowCount ?? 0),
        isTruncated,
        isWrite,
        durationMs: elapsed(),
      },
      finish,
      isClientBroken: false,
    };
  } catch (error) {
    const isFromPostgres = error instanceof pg.DatabaseError;
    const e = (
      isFromPostgres ? error : { message: (error as Error).message }
    ) as Partial<pg.DatabaseError> & Error;
    return {
      result: {
        isOk: false,
        message: e.message || 'The statement failed',
        sqlState: e.code ?? null,
        detail: e.detail ?? null,
        hint: e.hint ?? null,
        position: e.position ? Number(e.position) : null,
        needsWrite: !isWrite && e.code === READ_ONLY_VIOLATION,
        isTimeout: e.code === QUERY_CANCELED,
        durationMs: elapsed(),
      },
      // After a lost connection there is nothing to roll back.
      finish: () => finish(false).catch(() => undefined),
      isClientBroken: !isFromPostgres,
    };
  }
}

function read(cursor: Cursor<(string | null)[]>, count: number) {
  return new Promise<{ rows: (string | null)[][]; result: pg.QueryResult }>((resolve, reject) => {
    cursor.read(count, (error, rows, result) => {
      if (error) reject(error);
      else resolve({ rows, result });
    });
  });
}

function cutAtBytes(rows: (string | null)[][], maxBytes: number): (string | null)[][] {
  let total = 0;
  for (let i = 0; i < rows.length; i += 1) {
    for (const cell of rows[i]!) total += cell === null ? 4 : cell.length;
    if (total > maxBytes) return rows.slice(0, i);
  }
  return rows;
}

/** `integer`, `character varying(20)` … for the result's type OIDs. */
async function typeNames(client: pg.PoolClient, oids: number[]): Promise<Map<number, string>> {
  if (oids.length === 0) return new Map();
  const found = await client.query<{ oid: string; name: string }>(
    'SELECT oid::text AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY($1::oid[])',
    [[...new Set(oids)]],
  );
  return new Map(found.rows.map((r) => [Number(r.oid), r.name]));
}
