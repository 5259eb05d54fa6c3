import type { TCreateForumThreadBody } from '@stratum/core/contract/forums/create-thread';
import type { TListForumThreadsQuery } from '@stratum/core/contract/forums/list-threads';
import {
  canModerateForums,
  FORUM_POSTS_PAGE_SIZE,
  FORUM_RATE_LIMITS,
  isWithinEditWindow,
  type TForumReaction,
} from '@stratum/core/forums/rules';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SharedState } from '../../lib/shared-state';
import { notifyForPost } from './notify';
import { presentCategory, presentPost, presentThread, presentThreadSummary } from './presenters';
import { plainExcerpt, renderForumMarkdown } from './render';
import * as repo from './repository';
import { withForumTables, type ForumDb } from './tables';
import * as writes from './writes';

export interface ForumDeps {
  db: Db;
  shared: SharedState;
  /** The messages feature, the only writer of messages: mentions and replies notify through it. */
  inbox: Inbox<Db>;
  /** Stratum's own origin (PUBLIC_URL): its images are allowed, links in messages point to it. */
  origin: string;
}

export const threadNotFound = () => new AppError('request/not_found', 'Thread not found');
export const postNotFound = () => new AppError('request/not_found', 'Post not found');

export const viewerOf = (user: UserRow): repo.Viewer => ({
  id: user.id,
  isModerator: canModerateForums(user.role),
});

export const displayName = (user: UserRow) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/** Threads, replies, edits, reactions and subscriptions: what every signed-in user does. */
export class ForumService {
  private readonly db: ForumDb;

  constructor(private readonly deps: ForumDeps) {
    this.db = withForumTables(deps.db);
  }

  render = (source: string) => renderForumMarkdown(source, { origin: this.deps.origin });

  async categories(user: UserRow) {
    return (await repo.listCategories(this.db, viewerOf(user))).map(presentCategory);
  }

  async threads(user: UserRow, query: TListForumThreadsQuery) {
    const { rows, total } = await repo.listThreads(this.db, viewerOf(user), query);
    return { items: rows.map(presentThreadSummary), total, page: query.page, limit: query.limit };
  }

  async thread(user: UserRow, threadId: string, page = 1, db: ForumDb = this.db) {
    const viewer = viewerOf(user);
    const row = await repo.findThread(db, viewer, threadId);
    if (!row) throw threadNotFound();
    const [posts, isSubscribed] = await Promise.all([
      repo.listPosts(db, viewer, threadId, { page, pageSize: FORUM_POSTS_PAGE_SIZE }),
      repo.isSubscribed(db, threadId, user.id),
    ]);
    const reactions = await repo.reactionsOf(
      db,
      posts.rows.map((p) => p.id),
      user.id,
    );
    const now = new Date();
    return {
      thread: presentThread(row, viewer, isSubscribed),
      posts: posts.rows.map((p) => presentPost(p, viewer, reactions, now)),
      totalPosts: posts.total,
      page,
    };
  }

  async createThread(actor: AuditActor, user: UserRow, input: TCreateForumThreadBody) {
    await this.limit(user, 'thread');
    const category = await repo.findCategory(this.db, input.categoryId);
    if (!category) throw new AppError('request/not_found', 'Category not found');
    const html = this.render(input.body);
    const threadId = await this.deps.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const ids = await writes.insertThread(db, {
        categoryId: category.id,
        authorId: user.id,
        authorName: displayName(user),
        title: input.title,
        source: input.body,
        html,
      });
      await repo.setSubscribed(db, ids.threadId, user.id, true);
      await writeAudit(trx, actor, {
        action: 'forums.thread_create',
        targetType: 'forum_thread',
        targetId: ids.threadId,
        after: { title: input.title, categoryId: category.id, postId: ids.postId },
      });
      await notifyForPost(trx, this.deps.inbox, this.deps.origin, {
        threadId: ids.threadId,
        threadTitle: input.title,
        authorId: user.id,
        authorName: displayName(user),
        excerpt: plainExcerpt(html, 400),
        source: input.body,
        isReply: false,
      });
      return ids.threadId;
    });
    return this.thread(user, threadId);
  }

  async reply(actor: AuditActor, user: UserRow, threadId: string, source: string) {
    await this.limit(user, 'reply');
    const viewer = viewerOf(user);
    const html = this.render(source);
    const postId = await this.deps.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const thread = await repo.findThread(db, viewer, threadId);
      if (!thread) throw threadNotFound();
      if (thread.locked_at && !viewer.isModerator) throw lockedError();
      const id = await writes.insertPost(db, {
        threadId,
        authorId: user.id,
        authorName: displayName(user),
        source,
        html,
        isOpening: false,
      });
      await writeAudit(trx, actor, {
        action: 'forums.reply',
        targetType: 'forum_post',
        targetId: id,
        after: { threadId, source },
      });
      await notifyForPost(trx, this.deps.inbox, this.deps.origin, {
        threadId,
        threadTitle: thread.title,
        authorId: user.id,
        authorName: displayName(user),
        excerpt: plainExcerpt(html, 400),
        source,
        isReply: true,
      });
      // Who replies follows the thread from then on, as in Discourse.
      await repo.setSubscribed(db, threadId, user.id, true);
      return id;
    });
    return this.post(user, postId);
  }

  async edit(
    actor: AuditActor,
    user: UserRow,
    postId: string,
    input: { body: string; title?: string | undefined },
  ) {
    const viewer = viewerOf(user);
    const html = this.render(input.body);
    await this.deps.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const { post, thread } = await this.visiblePost(db, viewer, postId);
      if (post.author_id !== user.id) {
        throw new AppError('auth/forbidden', 'You can edit only your own posts');
      }
      if (!isWithinEditWindow(post.created_at, new Date())) {
        throw new AppError(
          'forums/edit_window_closed',
          'A post can be edited for 30 minutes after it is written',
        );
      }
      if (thread.locked_at && !viewer.isModerator) throw lockedError();
      if (input.title !== undefined && !post.is_opening) {
        throw new AppError('request/invalid', 'Only the opening post carries the title');
      }
      await writes.updatePostSource(db, postId, { source: input.body, html });
      if (input.title !== undefined) {
        await writes.updateThread(db, thread.id, { title: input.title });
      }
      await writeAudit(trx, actor, {
        action: 'forums.post_edit',
        targetType: 'forum_post',
        targetId: postId,
        before: { source: post.source, ...(input.title !== undefined && { title: thread.title }) },
        after: { source: input.body, ...(input.title !== undefined && { title: input.title }) },
      });
      await notifyForPost(trx, this.deps.inbox, this.deps.origin, {
        threadId: thread.id,
        threadTitle: input.title ?? thread.title,
        authorId: user.id,
        authorName: displayName(user),
        excerpt: plainExcerpt(html, 400),
        source: input.body,
        previousSource: post.source,
        isReply: false,
      });
    });
    return this.post(user, postId);
  }

  async react(actor: AuditActor, user: UserRow, postId: string, reaction: TForumReaction) {
    await this.deps.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      await this.visiblePost(db, viewerOf(user), postId);
      const isOn = await repo.toggleReaction(db, postId, user.id, reaction);
      await writeAudit(trx, actor, {
        action: 'forums.react',
        targetType: 'forum_post',
        targetId: postId,
        after: { reaction, isOn },
      });
    });
    return this.post(user, postId);
  }

  async subscribe(actor: AuditActor, user: UserRow, threadId: string, isSubscribed: boolean) {
    await this.deps.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      if (!(await repo.findThread(db, viewerOf(user), threadId))) throw threadNotFound();
      await repo.setSubscribed(db, threadId, user.id, isSubscribed);
      await writeAudit(trx, actor, {
        action: 'forums.subscribe',
        targetType: 'forum_thread',
        targetId: threadId,
        after: { isSubscribed },
      });
    });
    return isSubscribed;
  }

  /** A post the viewer may see, in a thread they may see. */
  async visiblePost(db: ForumDb, viewer: repo.Viewer, postId: string) {
    const post = await repo.findPost(db, postId);
    if (!post || (post.hidden_at && !viewer.isModerator)) throw postNotFound();
    const thread = await repo.findThread(db, viewer, post.thread_id);
    if (!thread) throw postNotFound();
    return { post, thread };
  }

  private async post(user: UserRow, postId: string) {
    const viewer = viewerOf(user);
    const row = await repo.findPost(this.db, postId);
    if (!row) throw postNotFound();
    const reactions = await repo.reactionsOf(this.db, [postId], user.id);
    return presentPost(row, viewer, reactions, new Date());
  }

  /** Per-user windows in the shared counters, so the limit holds across processes. */
  private async limit(user: UserRow, kind: 'thread' | 'reply'): Promise<void> {
    if (canModerateForums(user.role)) return;
    for (const { limit, windowSeconds } of FORUM_RATE_LIMITS[kind]) {
      const count = await this.deps.shared.hit(
        `forums:${kind}:${windowSeconds}:${user.id}`,
        windowSeconds,
      );
      if (count > limit) {
        const what = kind === 'thread' ? 'new threads' : 'replies';
        const per = windowSeconds === 60 ? 'a minute' : 'an hour';
        throw new AppError(
          'request/rate_limited',
          `You are posting too fast: at most ${limit} ${what} ${per}. Try again later.`,
          { retryAfterSeconds: windowSeconds },
        );
      }
    }
  }
}

const lockedError = () =>
  new AppError('forums/locked', 'This thread is locked: it takes no new replies');
