import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TForumReaction } from '@stratum/core/forums/rules';
import type { Db } from '../../db/database';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A generated column: read, never written. */
type ReadOnly<T> = ColumnType<T, never, never>;

/** Migration 20261129T1430_forums.sql. */
export interface ForumCategoriesTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  position: Generated<number>;
  created_at: Generated<Date>;
}

export interface ForumThreadsTable {
  id: Generated<string>;
  category_id: string;
  author_id: string | null;
  author_name: string;
  title: string;
  pinned_at: Timestamp | null;
  locked_at: Timestamp | null;
  hidden_at: Timestamp | null;
  hidden_reason: string | null;
  created_at: Generated<Date>;
  last_post_at: Generated<Date>;
  search: ReadOnly<string>;
}

export interface ForumPostsTable {
  id: Generated<string>;
  thread_id: string;
  author_id: string | null;
  author_name: string;
  is_opening: Generated<boolean>;
  source: string;
  html: string;
  created_at: Generated<Date>;
  edited_at: Timestamp | null;
  hidden_at: Timestamp | null;
  hidden_reason: string | null;
  search: ReadOnly<string>;
}

export interface ForumReactionsTable {
  post_id: string;
  user_id: string;
  reaction: TForumReaction;
  created_at: Generated<Date>;
}

export interface ForumSubscriptionsTable {
  thread_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

export interface ForumReportsTable {
  id: Generated<string>;
  post_id: string;
  reporter_id: string | null;
  reporter_name: string;
  reason: string;
  created_at: Generated<Date>;
  resolved_at: Timestamp | null;
  resolved_by_email: string | null;
  outcome: 'dismissed' | 'actioned' | null;
  note: string | null;
}

// A type alias, not an interface: Kysely's withTables wants an index signature.
export type ForumTables = {
  forum_categories: ForumCategoriesTable;
  forum_threads: ForumThreadsTable;
  forum_posts: ForumPostsTable;
  forum_reactions: ForumReactionsTable;
  forum_subscriptions: ForumSubscriptionsTable;
  forum_reports: ForumReportsTable;
};

export type CategoryRow = Selectable<ForumCategoriesTable>;
export type ThreadRow = Selectable<ForumThreadsTable>;
export type PostRow = Selectable<ForumPostsTable>;
export type ReportRow = Selectable<ForumReportsTable>;

export const withForumTables = (db: Db) => db.withTables<ForumTables>();
export type ForumDb = ReturnType<typeof withForumTables>;
