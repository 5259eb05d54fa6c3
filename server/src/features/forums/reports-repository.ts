import type { ForumDb } from './tables';

export interface ReportListRow {
  id: string;
  reason: string;
  reporter_id: string | null;
  reporter_name: string;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by_email: string | null;
  outcome: 'dismissed' | 'actioned' | null;
  note: string | null;
  post_id: string;
  thread_id: string;
  thread_title: string;
  post_author_id: string | null;
  post_author_name: string;
  post_html: string;
  post_hidden_at: Date | null;
}

/** Records a report; a second open report by the same person on the same post changes nothing. */
export async function insertReport(
  db: ForumDb,
  report: { postId: string; reporterId: string; reporterName: string; reason: string },
): Promise<string | undefined> {
  const row = await db
    .insertInto('forum_reports')
    .values({
      post_id: report.postId,
      reporter_id: report.reporterId,
      reporter_name: report.reporterName,
      reason: report.reason,
      resolved_at: null,
      resolved_by_email: null,
      outcome: null,
      note: null,
    })
    .onConflict((oc) =>
      oc.columns(['post_id', 'reporter_id']).where('resolved_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function listReports(
  db: ForumDb,
  query: { status: 'open' | 'resolved'; page: number; pageSize: number },
): Promise<{ rows: ReportListRow[]; total: number }> {
  const base = db
    .selectFrom('forum_reports as r')
    .innerJoin('forum_posts as p', 'p.id', 'r.post_id')
    .innerJoin('forum_threads as t', 't.id', 'p.thread_id')
    .where('r.resolved_at', query.status === 'open' ? 'is' : 'is not', null);
  const [rows, total] = await Promise.all([
    base
      .select([
        'r.id',
        'r.reason',
        'r.reporter_id',
        'r.reporter_name',
        'r.created_at',
        'r.resolved_at',
        'r.resolved_by_email',
        'r.outcome',
        'r.note',
        'p.id as post_id',
        't.id as thread_id',
        't.title as thread_title',
        'p.author_id as post_author_id',
        'p.author_name as post_author_name',
        'p.html as post_html',
        'p.hidden_at as post_hidden_at',
      ])
      .orderBy('r.created_at', query.status === 'open' ? 'asc' : 'desc')
      .orderBy('r.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const findReport = (db: ForumDb, id: string) =>
  db.selectFrom('forum_reports').selectAll().where('id', '=', id).executeTakeFirst();

export async function resolveReport(
  db: ForumDb,
  id: string,
  resolution: { byEmail: string; outcome: 'dismissed' | 'actioned'; note: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('forum_reports')
    .set({
      resolved_at: new Date(),
      resolved_by_email: resolution.byEmail,
      outcome: resolution.outcome,
      note: resolution.note,
    })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
