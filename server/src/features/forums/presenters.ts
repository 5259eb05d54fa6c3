import type {
  TForumCategory,
  TForumPost,
  TForumThread,
  TForumThreadSummary,
} from '@stratum/core/contract/forums/forum';
import type { TForumReport } from '@stratum/core/contract/forums/list-reports';
import { editWindowEnd, FORUM_REACTIONS } from '@stratum/core/forums/rules';
import { plainExcerpt } from './render';
import type { CategoryListRow, ReactionCount, ThreadListRow, Viewer } from './repository';
import type { ReportListRow } from './reports-repository';
import type { PostRow } from './tables';

const person = (id: string | null, name: string) => ({ id, name: id ? name : 'Deleted user' });

export const presentCategory = (row: CategoryListRow): TForumCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  position: row.position,
  threadCount: row.thread_count,
  lastPostAt: row.last_post_at ? new Date(row.last_post_at).toISOString() : null,
});

export const presentThreadSummary = (row: ThreadListRow): TForumThreadSummary => ({
  id: row.id,
  title: row.title,
  category: { id: row.category_id, name: row.category_name },
  author: person(row.author_id, row.author_name),
  excerpt: plainExcerpt(row.opening_html, 180),
  replyCount: row.reply_count,
  createdAt: row.created_at.toISOString(),
  lastPostAt: row.last_post_at.toISOString(),
  isPinned: row.pinned_at !== null,
  isLocked: row.locked_at !== null,
  isHidden: row.hidden_at !== null,
});

export const presentThread = (
  row: ThreadListRow,
  viewer: Viewer,
  isSubscribed: boolean,
): TForumThread => ({
  ...presentThreadSummary(row),
  isSubscribed,
  canModerate: viewer.isModerator,
  canReply: viewer.isModerator || row.locked_at === null,
});

export function presentPost(
  row: PostRow,
  viewer: Viewer,
  reactions: ReactionCount[],
  now: Date,
): TForumPost {
  const until = editWindowEnd(row.created_at);
  const mine = reactions.filter((r) => r.post_id === row.id);
  return {
    id: row.id,
    threadId: row.thread_id,
    isOpening: row.is_opening,
    author: person(row.author_id, row.author_name),
    source: row.source,
    html: row.html,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    editableUntil:
      row.author_id === viewer.id && until.getTime() > now.getTime() ? until.toISOString() : null,
    reactions: FORUM_REACTIONS.flatMap((reaction) => {
      const found = mine.find((r) => r.reaction === reaction);
      return found ? [{ reaction, count: found.count, isMine: found.is_mine }] : [];
    }),
    isHidden: row.hidden_at !== null,
    hiddenReason: viewer.isModerator ? row.hidden_reason : null,
  };
}

export const presentReport = (row: ReportListRow): TForumReport => ({
  id: row.id,
  reason: row.reason,
  reporter: person(row.reporter_id, row.reporter_name),
  createdAt: row.created_at.toISOString(),
  post: {
    id: row.post_id,
    threadId: row.thread_id,
    threadTitle: row.thread_title,
    author: person(row.post_author_id, row.post_author_name),
    excerpt: plainExcerpt(row.post_html, 300),
    isHidden: row.post_hidden_at !== null,
  },
  resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  resolvedBy: row.resolved_by_email,
  outcome: row.outcome,
  note: row.note,
});
