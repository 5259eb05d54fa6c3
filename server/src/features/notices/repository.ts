import { sql, type Selectable } from 'kysely';
import type { TCreateNoticeInput } from '@stratum/core/contract/notices/create-notice';
import type { TUpdateNoticeInput } from '@stratum/core/contract/notices/update-notice';
import type { Db } from '../../db/database';
import type { SiteNoticesTable } from '../../db/schema';

export type NoticeRow = Selectable<SiteNoticesTable>;
export type ManagedNoticeRow = NoticeRow & { dismiss_count: number };

/** Active, unexpired notices, highest priority first, then newest. */
export function liveNotices(db: Db): Promise<NoticeRow[]> {
  return db
    .selectFrom('site_notices')
    .selectAll()
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .orderBy('priority', 'desc')
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

export async function dismissedBy(db: Db, userId: string, noticeIds: string[]): Promise<string[]> {
  if (noticeIds.length === 0) return [];
  const rows = await db
    .selectFrom('site_notice_dismissals')
    .select('notice_id')
    .where('user_id', '=', userId)
    .where('notice_id', 'in', noticeIds)
    .execute();
  return rows.map((r) => r.notice_id);
}

export function findNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('site_notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function dismiss(db: Db, userId: string, noticeId: string): Promise<void> {
  await db
    .insertInto('site_notice_dismissals')
    .values({ user_id: userId, notice_id: noticeId })
    .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}

/** Every notice as users meet them: live ones first, then by priority (highest first), newest. */
export function allNotices(db: Db): Promise<ManagedNoticeRow[]> {
  return db
    .selectFrom('site_notices')
    .selectAll('site_notices')
    .select((eb) =>
      eb
        .selectFrom('site_notice_dismissals')
        .select((s) => s.fn.countAll<number>().as('count'))
        .whereRef('site_notice_dismissals.notice_id', '=', 'site_notices.id')
        .as('dismiss_count'),
    )
    .orderBy(sql`(is_active AND (expires_at IS NULL OR expires_at > now()))`, 'desc')
    .orderBy('priority', 'desc')
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute() as Promise<ManagedNoticeRow[]>;
}

export function insertNotice(
  db: Db,
  input: TCreateNoticeInput,
  createdBy: string,
): Promise<NoticeRow> {
  return db
    .insertInto('site_notices')
    .values({
      title: input.title,
      message: input.message,
      type: input.type,
      priority: input.priority,
      dismissible: input.dismissible,
      is_active: input.isActive,
      expires_at: input.expiresAt,
      created_by: createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateNotice(
  db: Db,
  id: string,
  input: TUpdateNoticeInput,
): Promise<NoticeRow | undefined> {
  return db
    .updateTable('site_notices')
    .set({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.message !== undefined && { message: input.message }),
      ...(input.type !== undefined && { type: input.type }),
      ...(input.priority !== undefined && { priority: input.priority }),
      ...(input.dismissible !== undefined && { dismissible: input.dismissible }),
      ...(input.isActive !== undefined && { is_active: input.isActive }),
      ...(input.expiresAt !== undefined && { expires_at: input.expiresAt }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  return db.deleteFrom('site_notices').where('id', '=', id).returningAll().executeTakeFirst();
}
