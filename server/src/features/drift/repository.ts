import { sql } from 'kysely';
import type { TDriftResult } from '@stratum/core/drift/model';
import type { TDriftChange } from '@stratum/core/contract/drift/scans';
import type { DriftDb, ScanRow, ScheduleRow, TActualKind } from './tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export interface NewScan {
  userId: string;
  sourceId: string | null;
  projectId: string | null;
  actualKind: TActualKind;
  trigger: ScanRow['trigger'];
  result: TDriftResult & { changes: TDriftChange[] };
  sincePrevious: ScanRow['since_previous'];
}

export function insertScan(db: DriftDb, scan: NewScan) {
  return db
    .insertInto('drift_scans')
    .values({
      user_id: scan.userId,
      source_id: scan.sourceId,
      project_id: scan.projectId,
      actual_kind: scan.actualKind,
      trigger: scan.trigger,
      summary: JSON.stringify(scan.result.summary),
      changes: JSON.stringify(scan.result.changes),
      checked_types: JSON.stringify(scan.result.checkedTypes),
      not_checked_types: JSON.stringify(scan.result.notCheckedTypes),
      noise: JSON.stringify(scan.result.noise),
      ignored: scan.result.ignored,
      warnings: JSON.stringify(scan.result.warnings),
      plan_actions: JSON.stringify(scan.result.planActions),
      since_previous: scan.sincePrevious ? JSON.stringify(scan.sincePrevious) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findOwnScan(db: DriftDb, userId: string, scanId: string) {
  if (!isUuid(scanId)) return Promise.resolve(undefined);
  return db
    .selectFrom('drift_scans')
    .selectAll()
    .where('id', '=', scanId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The newest scan of a source before this one. */
export function previousScan(db: DriftDb, userId: string, sourceId: string) {
  return db
    .selectFrom('drift_scans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source_id', '=', sourceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listScans(
  db: DriftDb,
  userId: string,
  query: { source?: string | undefined; limit: number },
) {
  let q = db
    .selectFrom('drift_scans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit);
  if (query.source) q = q.where('source_id', '=', query.source);
  return q.execute();
}

export function rulesFor(db: DriftDb, userId: string, sourceId: string | null) {
  return db
    .selectFrom('drift_ignore_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      sourceId === null
        ? eb('source_id', 'is', null)
        : eb.or([eb('source_id', 'is', null), eb('source_id', '=', sourceId)]),
    )
    .orderBy('created_at')
    .execute();
}

/**
 * Claims due schedules for this process: each row's next run moves on in the same statement
 * that locks it (SKIP LOCKED), so no two processes run one schedule for the same due time.
 */
export async function claimDueSchedules(db: DriftDb, now: Date, limit: number) {
  const { rows } = await sql<ScheduleRow>`
    UPDATE drift_schedules s
    SET next_run_at = ${now}::timestamptz + make_interval(mins => s.interval_minutes)
    WHERE s.id IN (
      SELECT id FROM drift_schedules
      WHERE next_run_at <= ${now}
      ORDER BY next_run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING s.*`.execute(db);
  return rows;
}
