import type { Selectable } from 'kysely';
import type { TErrorReportInput } from '@stratum/core/contract/error-logs/error-log';
import type { TListErrorLogsQuery } from '@stratum/core/contract/error-logs/list-error-logs';
import type { Db } from '../../db/database';
import type { ErrorLogsTable } from '../../db/schema';

export type ErrorLogRow = Selectable<ErrorLogsTable> & { user_email: string | null };

/** The newest reports kept; older ones are pruned now and then. */
export const ERROR_LOGS_KEPT = 10_000;

export async function insertReport(
  db: Db,
  report: TErrorReportInput,
  origin: { userId: string | null; ip: string | null },
): Promise<void> {
  await db
    .insertInto('error_logs')
    .values({
      reported_at: report.timestamp,
      level: report.level,
      message: report.message,
      stack: report.stack ?? null,
      user_agent: report.userAgent ?? null,
      url: report.url ?? null,
      component: report.component ?? null,
      action: report.action ?? null,
      metadata: report.metadata ? JSON.stringify(report.metadata) : null,
      user_id: origin.userId,
      ip: origin.ip,
    })
    .execute();
}

export async function prune(db: Db, keep: number): Promise<void> {
  await db
    .deleteFrom('error_logs')
    .where('received_at', '<', (eb) =>
      eb
        .selectFrom('error_logs')
        .select('received_at')
        .orderBy('received_at', 'desc')
        .offset(keep - 1)
        .limit(1),
    )
    .execute();
}

export async function listReports(
  db: Db,
  query: TListErrorLogsQuery,
): Promise<{ rows: ErrorLogRow[]; total: number; components: string[] }> {
  let filtered = db.selectFrom('error_logs');
  if (query.level) filtered = filtered.where('error_logs.level', '=', query.level);
  if (query.component) filtered = filtered.where('error_logs.component', '=', query.component);
  if (query.from) filtered = filtered.where('error_logs.received_at', '>=', new Date(query.from));
  if (query.to) filtered = filtered.where('error_logs.received_at', '<', new Date(query.to));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    filtered = filtered.where((eb) =>
      eb.or([
        eb('error_logs.message', 'ilike', pattern),
        eb('error_logs.url', 'ilike', pattern),
        eb('error_logs.action', 'ilike', pattern),
      ]),
    );
  }
  const [rows, total, components] = await Promise.all([
    filtered
      .leftJoin('users', 'users.id', 'error_logs.user_id')
      .selectAll('error_logs')
      .select('users.email as user_email')
      .orderBy('error_logs.received_at', 'desc')
      .orderBy('error_logs.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db
      .selectFrom('error_logs')
      .select('component')
      .distinct()
      .where('component', 'is not', null)
      .orderBy('component')
      .limit(200)
      .execute(),
  ]);
  return {
    rows,
    total: Number(total.count),
    components: components.map((c) => c.component).filter((c): c is string => c !== null),
  };
}

export async function clear(db: Db, before: string | undefined): Promise<number> {
  let query = db.deleteFrom('error_logs');
  if (before) query = query.where('received_at', '<', new Date(before));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
