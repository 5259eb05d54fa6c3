import { sql } from 'kysely';
import type { TForumReaction } from '@stratum/core/forums/rules';
import type { CategoryRow, ForumDb, PostRow, ThreadRow } from './tables';

/** What a moderator sees and a user does not: hidden threads and posts. */
export interface Viewer {
  id: string;
  isModerator: boolean;
}

/** A thread whose opening post a moderator hid is hidden with it, for everyone else. */
const OPENING_SHOWN = sql<boolean>`not exists (select 1 from forum_posts op where op.thread_id = t.id and op.is_opening and op.hidden_at is not null)`;

export interface CategoryListRow extends CategoryRow {
  thread_count: number;
  last_post_at: Date | null;
}

export async function listCategories(db: ForumDb, viewer: Viewer): Promise<CategoryListRow[]> {
  const rows = await db
    .selectFrom('forum_categories as c')
    .leftJoin('forum_threads as t', (join) =>
      join
        .onRef('t.category_id', '=', 'c.id')
        .on((eb) =>
          viewer.isModerator
            ? eb.lit(true)
            : eb.and([eb('t.hidden_at', 'is', null), OPENING_SHOWN]),
        ),
    )
    .selectAll('c')
    .select((eb) => [
      eb.fn.count<string>('t.id').as('thread_count'),
      eb.fn.max('t.last_post_at').as('last_post_at'),
    ])
    .groupBy('c.id')
    .orderBy('c.position')
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({ ...r, thread_count: Number(r.thread_count) }));
}

export const findCategory = (db: ForumDb, id: string) =>
  db.selectFrom('forum_categories').selectAll().where('id', '=', id).executeTakeFirst();

export async function categoryNameTaken(db: ForumDb, name: string, exceptId?: string) {
  let query = db
    .selectFrom('forum_categories')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Renumbers the categories 0, 1, 2… in the given order of ids. */
export async function renumberCategories(db: ForumDb, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('forum_categories').set({ position }).where('id', '=', id).execute();
  }
}

export async function orderedCategoryIds(db: ForumDb): Promise<string[]> {
  const rows = await db
    .selectFrom('forum_categories')
    .select('id')
    .orderBy('position')
    .orderBy('name')
    .execute();
  return rows.map((r) => r.id);
}

export async function countThreadsIn(db: ForumDb, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('forum_threads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ThreadListRow extends ThreadRow {
  category_name: string;
  opening_html: string;
  reply_count: number;
}

const visibleThreads = (db: ForumDb, viewer: Viewer) => {
  let query = db
    .selectFrom('forum_threads as t')
    .innerJoin('forum_categories as c', 'c.id', 't.category_id');
  if (!viewer.isModerator) query = query.where('t.hidden_at', 'is', null).where(OPENING_SHOWN);
  return query;
};

/** The opening post's HTML and the number of replies the viewer may see. */
function threadColumns(viewer: Viewer) {
  const visible = viewer.isModerator ? sql`` : sql`and p.hidden_at is null`;
  return [
    sql<string>`(select p.html from forum_posts p where p.thread_id = t.id and p.is_opening)`.as(
      'opening_html',
    ),
    sql<string>`(select count(*) from forum_posts p where p.thread_id = t.id and not p.is_opening ${visible})`.as(
      'reply_count',
    ),
  ];
}

export async function listThreads(
  db: ForumDb,
  viewer: Viewer,
  query: { limit: number; page: number; categoryId?: string | undefined; q?: string | undefined },
): Promise<{ rows: ThreadListRow[]; total: number }> {
  let base = visibleThreads(db, viewer);
  if (query.categoryId) base = base.where('t.category_id', '=', query.categoryId);
  const q = query.q?.trim();
  const tsquery = sql`websearch_to_tsquery('english', ${q ?? ''})`;
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`t.search`, '@@', tsquery),
        eb('t.title', 'ilike', like),
        eb.exists(
          eb
            .selectFrom('forum_posts as p')
            .select('p.id')
            .whereRef('p.thread_id', '=', 't.id')
            .where(sql<boolean>`p.search @@ ${tsquery}`)
            .where((inner) =>
              viewer.isModerator ? inner.lit(true) : inner('p.hidden_at', 'is', null),
            ),
        ),
      ]),
    );
  }
  let rowsQuery = base
    .selectAll('t')
    .select('c.name as category_name')
    .select(threadColumns(viewer));
  rowsQuery = q
    ? rowsQuery.orderBy(
        sql`ts_rank(t.search, ${tsquery}) * 2 + coalesce((select max(ts_rank(p.search, ${tsquery})) from forum_posts p where p.thread_id = t.id), 0)`,
        'desc',
      )
    : rowsQuery.orderBy(sql`t.pinned_at is null`);
  const [rows, total] = await Promise.all([
    rowsQuery
      .orderBy('t.last_post_at', 'desc')
      .orderBy('t.id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      reply_count: Number(r.reply_count),
    })),
    total: Number(total.n),
  };
}

export async function findThread(
  db: ForumDb,
  viewer: Viewer,
  id: string,
): Promise<ThreadListRow | undefined> {
  const row = await visibleThreads(db, viewer)
    .selectAll('t')
    .select('c.name as category_name')
    .select(threadColumns(viewer))
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row && { ...row, reply_count: Number(row.reply_count) };
}

export async function listPosts(
  db: ForumDb,
  viewer: Viewer,
  threadId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: PostRow[]; total: number }> {
  let base = db.selectFrom('forum_posts').where('thread_id', '=', threadId);
  if (!viewer.isModerator) base = base.where('hidden_at', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('is_opening', 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const findPost = (db: ForumDb, id: string) =>
  db.selectFrom('forum_posts').selectAll().where('id', '=', id).executeTakeFirst();

export interface ReactionCount {
  post_id: string;
  reaction: TForumReaction;
  count: number;
  is_mine: boolean;
}

export async function reactionsOf(
  db: ForumDb,
  postIds: string[],
  viewerId: string,
): Promise<ReactionCount[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .selectFrom('forum_reactions')
    .select((eb) => [
      'post_id',
      'reaction',
      eb.fn.countAll<string>().as('count'),
      sql<boolean>`bool_or(user_id = ${viewerId})`.as('is_mine'),
    ])
    .where('post_id', 'in', postIds)
    .groupBy(['post_id', 'reaction'])
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Adds the reaction, or removes it when it was there; answers whether it is there now. */
export async function toggleReaction(
  db: ForumDb,
  postId: string,
  userId: string,
  reaction: TForumReaction,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('forum_reactions')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .where('reaction', '=', reaction)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('forum_reactions')
    .values({ post_id: postId, user_id: userId, reaction })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

export async function isSubscribed(db: ForumDb, threadId: string, userId: string) {
  const row = await db
    .selectFrom('forum_subscriptions')
    .select('user_id')
    .where('thread_id', '=', threadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setSubscribed(
  db: ForumDb,
  threadId: string,
  userId: string,
  subscribed: boolean,
): Promise<void> {
  if (subscribed) {
    await db
      .insertInto('forum_subscriptions')
      .values({ thread_id: threadId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('forum_subscriptions')
      .where('thread_id', '=', threadId)
      .where('user_id', '=', userId)
      .execute();
  }
}

export interface Recipient {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** Active subscribers of a thread, but for the people in `except`. */
export function subscribersOf(db: ForumDb, threadId: string, except: string[]) {
  let query = db
    .selectFrom('forum_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('s.thread_id', '=', threadId)
    .where('u.disabled_at', 'is', null);
  if (except.length > 0) query = query.where('u.id', 'not in', except);
  return query.execute() as Promise<Recipient[]>;
}

/**
 * The active users the handles name: an address, or the part before the @ when exactly one
 * account has it (an ambiguous handle mentions nobody).
 */
export async function usersByHandles(db: ForumDb, handles: string[]): Promise<Recipient[]> {
  if (handles.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('disabled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'in', handles),
        eb(sql`lower(split_part(email, '@', 1))`, 'in', handles),
      ]),
    )
    .execute();
  return handles.flatMap((handle) => {
    const byAddress = rows.find((r) => r.email.toLowerCase() === handle);
    if (byAddress) return [byAddress];
    const byName = rows.filter((r) => r.email.toLowerCase().split('@')[0] === handle);
    return byName.length === 1 ? byName : [];
  });
}
