import type { Selectable } from 'kysely';
import type { TListAuditLogQuery } from '@stratum/core/contract/audit/list-audit-log';
import type { Db } from '../../db/database';
import type { AuditLogTable } from '../../db/schema';

export type AuditRow = Selectable<AuditLogTable>;

const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export async function listAudit(
  db: Db,
  query: TListAuditLogQuery,
): Promise<{ rows: AuditRow[]; total: number; actions: string[] }> {
  let filtered = db.selectFrom('audit_log');
  if (query.actor) filtered = filtered.where('actor_email', 'ilike', like(query.actor));
  if (query.action) {
    filtered = query.action.endsWith('.')
      ? filtered.where('action', 'like', `${query.action.replace(/[\\%_]/g, '\\$&')}%`)
      : filtered.where('action', '=', query.action);
  }
  if (query.targetType) filtered = filtered.where('target_type', '=', query.targetType);
  if (query.targetId) filtered = filtered.where('target_id', '=', query.targetId);
  if (query.from) filtered = filtered.where('at', '>=', new Date(query.from));
  if (query.to) filtered = filtered.where('at', '<', new Date(query.to));
  const [rows, total, actions] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
  ]);
  return { rows, total: Number(total.count), actions: actions.map((a) => a.action) };
}
