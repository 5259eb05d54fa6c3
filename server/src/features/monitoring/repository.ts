import { sql } from 'kysely';
import type { UptimeSample } from '@stratum/core/monitoring/stats';
import { AppError } from '../../lib/errors';
import type { CheckRow, MonitoringDb } from './tables';

export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Claims up to `limit` due checks for this process: their next run moves one interval past
 * `now` in the same statement, and rows another process is claiming are skipped, so each due
 * run happens in exactly one process (decision 0026).
 */
export async function claimDueChecks(
  db: MonitoringDb,
  now: Date,
  limit: number,
): Promise<CheckRow[]> {
  const { rows } = await sql<CheckRow>`
    UPDATE monitor_checks c
    SET next_run_at = ${now}::timestamptz + make_interval(secs => c.interval_seconds)
    WHERE c.id IN (
      SELECT id FROM monitor_checks
      WHERE next_run_at <= ${now} AND NOT is_paused
      ORDER BY next_run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING c.*`.execute(db);
  return rows;
}

/** Refuses check ids that are not all the user's (a window or status page naming another's). */
export async function assertOwnChecks(
  db: MonitoringDb,
  userId: string,
  checkIds: readonly string[],
  message: string,
): Promise<void> {
  if (checkIds.length === 0) return;
  const owned = await db
    .selectFrom('monitor_checks')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', checkIds)
    .execute();
  if (owned.length !== checkIds.length) throw new AppError('monitoring/invalid', message);
}

const HOUR_MS = 3_600_000;
/** Raw runs are kept this long; older ones live on as hourly rollups. */
export const RAW_KEEP_MS = 24 * HOUR_MS;
export const KEEP_MS = 30 * 24 * HOUR_MS;

/**
 * Runs and rollups of the given checks since `since`, as uptime samples per check: the raw runs
 * of the last 24 hours and the rollups before them.
 */
export async function uptimeSamples(
  db: MonitoringDb,
  checkIds: string[],
  since: Date,
): Promise<Map<string, UptimeSample[]>> {
  const out = new Map<string, UptimeSample[]>();
  if (checkIds.length === 0) return out;
  const raw = await db
    .selectFrom('monitor_results')
    .select((eb) => [
      'check_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>(eb.case().when('is_up', '=', true).then(1).end()).as('up'),
    ])
    .where('check_id', 'in', checkIds)
    .where('at', '>=', since)
    .groupBy('check_id')
    .execute();
  const rolled = await db
    .selectFrom('monitor_rollups')
    .select((eb) => [
      'check_id',
      eb.fn.sum<number>('total').as('total'),
      eb.fn.sum<number>('up').as('up'),
    ])
    .where('check_id', 'in', checkIds)
    .where('hour', '>=', since)
    .groupBy('check_id')
    .execute();
  for (const row of [...raw, ...rolled]) {
    const list = out.get(row.check_id) ?? [];
    list.push({ total: Number(row.total), up: Number(row.up) });
    out.set(row.check_id, list);
  }
  return out;
}

/**
 * The retention sweep: runs older than 24 h become hourly rollups (counts and nearest-rank
 * percentiles, as core's rollupByHour) and are deleted; everything older than 30 days goes.
 * One statement chain in one transaction, so a second sweep finds nothing left to roll up.
 */
export async function rollUpAndPrune(db: MonitoringDb, now: Date): Promise<{ rolled: number }> {
  const rawCutoff = new Date(now.getTime() - RAW_KEEP_MS);
  rawCutoff.setUTCMinutes(0, 0, 0);
  const keepCutoff = new Date(now.getTime() - KEEP_MS);
  return db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO monitor_rollups (check_id, hour, total, up, latency_avg, p50, p95, p99)
      SELECT check_id, date_trunc('hour', at, 'UTC'), count(*), count(*) FILTER (WHERE is_up),
             round(avg(latency_ms)),
             percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms),
             percentile_disc(0.95) WITHIN GROUP (ORDER BY latency_ms),
             percentile_disc(0.99) WITHIN GROUP (ORDER BY latency_ms)
      FROM monitor_results WHERE at < ${rawCutoff}
      GROUP BY check_id, date_trunc('hour', at, 'UTC')
      ON CONFLICT (check_id, hour) DO UPDATE
        SET total = monitor_rollups.total + excluded.total,
            up = monitor_rollups.up + excluded.up`.execute(trx);
    const deleted = await trx
      .deleteFrom('monitor_results')
      .where('at', '<', rawCutoff)
      .executeTakeFirst();
    await trx.deleteFrom('monitor_rollups').where('hour', '<', keepCutoff).execute();
    await trx.deleteFrom('monitor_incidents').where('ended_at', '<', keepCutoff).execute();
    return { rolled: Number(deleted.numDeletedRows) };
  });
}
