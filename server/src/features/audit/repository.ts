import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type {
  TListAuditLogQuery,
  TStaffAuditFilters,
} from '@stratum/core/contract/audit/list-audit-log';
import type { Db } from '../../db/database';
import type { AuditLogTable, Database } from '../../db/schema';

export type AuditRow = Selectable<AuditLogTable>;

/** Whose trail: everyone's (staff), or one user's own. */
export type AuditScope = { kind: 'everyone' } | { kind: 'own'; userId: string };

type AuditQuery = SelectQueryBuilder<Database, 'audit_log', object>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * A user's own trail: what they did, and what someone not signed in did to their account
 * (failed sign-ins, reset requests: no actor id, the user as target). Never other users' rows.
 */
function scoped(db: Db, scope: AuditScope): AuditQuery {
  const all = db.selectFrom('audit_log');
  if (scope.kind === 'everyone') return all;
  return all.where((eb) =>
    eb.or([
      eb('actor_id', '=', scope.userId),
      eb.and([
        eb('actor_id', 'is', null),
        eb('target_type', '=', 'user'),
        eb('target_id', '=', scope.userId),
      ]),
    ]),
  );
}

/** The filters both lists and both exports share; `action` ending in `.` is a prefix. */
export function filtered(query: AuditQuery, filters: Partial<TStaffAuditFilters>): AuditQuery {
  let q = query;
  if (filters.actor) q = q.where('actor_email', 'ilike', `%${escapeLike(filters.actor)}%`);
  if (filters.action) {
    q = filters.action.endsWith('.')
      ? q.where('action', 'like', `${escapeLike(filters.action)}%`)
      : q.where('action', '=', filters.action);
  }
  if (filters.targetType) q = q.where('target_type', '=', filters.targetType);
  if (filters.targetId) q = q.where('target_id', '=', filters.targetId);
  if (filters.from) q = q.where('at', '>=', new Date(filters.from));
  if (filters.to) q = q.where('at', '<', new Date(filters.to));
  return q;
}

export async function listAudit(
  db: Db,
  scope: AuditScope,
  query: Partial<TListAuditLogQuery> & { page: number; pageSize: number },
): Promise<{ rows: AuditRow[]; total: number; actions: string[]; targetTypes: string[] }> {
  const matching = filtered(scoped(db, scope), query);
  const [rows, total, actions, targetTypes] = await Promise.all([
    matching
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    scoped(db, scope).select('action').distinct().orderBy('action').execute(),
    scoped(db, scope).select('target_type').distinct().orderBy('target_type').execute(),
  ]);
  return {
    rows,
    total: Number(total.count),
    actions: actions.map((a) => a.action),
    targetTypes: targetTypes.map((t) => t.target_type),
  };
}

const EXPORT_BATCH = 500;

/**
 * Every matching row, newest first, read in batches by keyset (at, id): memory stays flat
 * however long the trail, and rows written meanwhile neither repeat nor shift the pages.
 * The cursor is `at` as text, which keeps PostgreSQL's microseconds (a Date would not).
 */
export async function* streamAudit(
  db: Db,
  scope: AuditScope,
  filters: Partial<TStaffAuditFilters>,
): AsyncGenerator<AuditRow[]> {
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    let q = filtered(scoped(db, scope), filters);
    if (cursor) {
      const { at, id } = cursor;
      q = q.where(sql<boolean>`(at, id) < (${at}::timestamptz, ${id}::uuid)`);
    }
    const rows = await q
      .selectAll()
      .select(sql<string>`at::text`.as('at_key'))
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(({ at_key: _key, ...row }) => row);
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at_key, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}
