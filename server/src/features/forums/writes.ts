import type { Updateable } from 'kysely';
import type { ForumDb, ForumThreadsTable } from './tables';

/** The SQL that changes threads, posts and categories; the services hold the rules. */

export async function insertThread(
  db: ForumDb,
  thread: {
    categoryId: string;
    authorId: string;
    authorName: string;
    title: string;
    source: string;
    html: string;
  },
): Promise<{ threadId: string; postId: string }> {
  const { id: threadId } = await db
    .insertInto('forum_threads')
    .values({
      category_id: thread.categoryId,
      author_id: thread.authorId,
      author_name: thread.authorName,
      title: thread.title,
      pinned_at: null,
      locked_at: null,
      hidden_at: null,
      hidden_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const postId = await insertPost(db, {
    threadId,
    authorId: thread.authorId,
    authorName: thread.authorName,
    source: thread.source,
    html: thread.html,
    isOpening: true,
  });
  return { threadId, postId };
}

export async function insertPost(
  db: ForumDb,
  post: {
    threadId: string;
    authorId: string;
    authorName: string;
    source: string;
    html: string;
    isOpening: boolean;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('forum_posts')
    .values({
      thread_id: post.threadId,
      author_id: post.authorId,
      author_name: post.authorName,
      is_opening: post.isOpening,
      source: post.source,
      html: post.html,
      edited_at: null,
      hidden_at: null,
      hidden_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!post.isOpening) {
    await updateThread(db, post.threadId, { last_post_at: new Date() });
  }
  return id;
}

export async function updatePostSource(
  db: ForumDb,
  id: string,
  change: { source: string; html: string },
): Promise<void> {
  await db
    .updateTable('forum_posts')
    .set({ source: change.source, html: change.html, edited_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function updateThread(
  db: ForumDb,
  id: string,
  change: Updateable<ForumThreadsTable>,
): Promise<void> {
  await db.updateTable('forum_threads').set(change).where('id', '=', id).execute();
}

export async function setPostHidden(
  db: ForumDb,
  id: string,
  hidden: { at: Date; reason: string } | null,
): Promise<void> {
  await db
    .updateTable('forum_posts')
    .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null })
    .where('id', '=', id)
    .execute();
}

export async function deleteThread(db: ForumDb, id: string): Promise<void> {
  await db.deleteFrom('forum_threads').where('id', '=', id).execute();
}

export async function deletePost(db: ForumDb, id: string): Promise<void> {
  await db.deleteFrom('forum_posts').where('id', '=', id).execute();
}

export async function insertCategory(
  db: ForumDb,
  category: { name: string; description: string; position: number },
): Promise<string> {
  const { id } = await db
    .insertInto('forum_categories')
    .values(category)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCategory(
  db: ForumDb,
  id: string,
  change: { name?: string; description?: string },
): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db.updateTable('forum_categories').set(change).where('id', '=', id).execute();
}

export async function deleteCategory(db: ForumDb, id: string): Promise<void> {
  await db.deleteFrom('forum_categories').where('id', '=', id).execute();
}
