import type { TUpdateForumCategoryBody } from '@stratum/core/contract/forums/update-category';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { auditNothingChanged, writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { presentCategory, presentReport } from './presenters';
import * as reports from './reports-repository';
import * as repo from './repository';
import type { ForumService } from './service';
import { displayName, threadNotFound, viewerOf } from './service';
import { withForumTables, type ForumDb, type ThreadRow } from './tables';
import * as writes from './writes';

const categoryNotFound = () => new AppError('request/not_found', 'Category not found');
const MODERATOR: repo.Viewer = { id: '', isModerator: true };

type ThreadFlag = 'pin' | 'lock' | 'hide';
const FLAG_COLUMN = { pin: 'pinned_at', lock: 'locked_at', hide: 'hidden_at' } as const;

/**
 * Categories, moderation and reports. Callers check the role first (moderator and above,
 * except reporting, which any signed-in user may do); every change writes its audit row in
 * its own transaction.
 */
export class ForumModeration {
  constructor(
    private readonly db: Db,
    private readonly posts: ForumService,
  ) {}

  async createCategory(actor: AuditActor, input: { name: string; description: string }) {
    return this.inCategoryTransaction(async (db, trx) => {
      if (await repo.categoryNameTaken(db, input.name)) throw nameTaken();
      const position = (await repo.orderedCategoryIds(db)).length;
      const id = await writes.insertCategory(db, { ...input, position });
      await writeAudit(trx, actor, {
        action: 'forums.category_create',
        targetType: 'forum_category',
        targetId: id,
        after: { ...input, position },
      });
      return id;
    });
  }

  async updateCategory(actor: AuditActor, id: string, input: TUpdateForumCategoryBody) {
    return this.inCategoryTransaction(async (db, trx) => {
      const before = await repo.findCategory(db, id);
      if (!before) throw categoryNotFound();
      if (input.name && (await repo.categoryNameTaken(db, input.name, id))) throw nameTaken();
      await writes.updateCategory(db, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
      });
      if (input.position !== undefined) {
        const ids = (await repo.orderedCategoryIds(db)).filter((other) => other !== id);
        ids.splice(Math.min(input.position, ids.length), 0, id);
        await repo.renumberCategories(db, ids);
      }
      const after = await repo.findCategory(db, id);
      await writeAudit(trx, actor, {
        action: 'forums.category_update',
        targetType: 'forum_category',
        targetId: id,
        before: { name: before.name, description: before.description, position: before.position },
        after: after && {
          name: after.name,
          description: after.description,
          position: after.position,
        },
      });
      return id;
    });
  }

  async deleteCategory(actor: AuditActor, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const before = await repo.findCategory(db, id);
      if (!before) throw categoryNotFound();
      if ((await repo.countThreadsIn(db, id)) > 0) {
        throw new AppError(
          'forums/category_not_empty',
          'This category still has threads: move or delete them first',
        );
      }
      await writes.deleteCategory(db, id);
      await repo.renumberCategories(db, await repo.orderedCategoryIds(db));
      await writeAudit(trx, actor, {
        action: 'forums.category_delete',
        targetType: 'forum_category',
        targetId: id,
        before: { name: before.name, description: before.description },
      });
    });
  }

  /** Pin, lock or hide a thread, or undo it; the reason goes to the audit trail. */
  async flagThread(
    actor: AuditActor,
    threadId: string,
    flag: ThreadFlag,
    isOn: boolean,
    reason: string | undefined,
  ): Promise<void> {
    await this.onThread(threadId, async (db, trx, thread) => {
      const column = FLAG_COLUMN[flag];
      await writes.updateThread(db, threadId, {
        [column]: isOn ? (thread[column] ?? new Date()) : null,
        ...(flag === 'hide' && { hidden_reason: isOn ? (reason ?? null) : null }),
      });
      await writeAudit(trx, actor, {
        action: `forums.${flag}`,
        targetType: 'forum_thread',
        targetId: threadId,
        before: { [flag]: thread[column] !== null },
        after: { [flag]: isOn, reason: reason ?? null },
      });
    });
  }

  async moveThread(actor: AuditActor, threadId: string, categoryId: string, reason?: string) {
    await this.onThread(threadId, async (db, trx, thread) => {
      if (!(await repo.findCategory(db, categoryId))) throw categoryNotFound();
      await writes.updateThread(db, threadId, { category_id: categoryId });
      await writeAudit(trx, actor, {
        action: 'forums.move',
        targetType: 'forum_thread',
        targetId: threadId,
        before: { categoryId: thread.category_id },
        after: { categoryId, reason: reason ?? null },
      });
    });
  }

  async deleteThread(actor: AuditActor, threadId: string, reason: string): Promise<void> {
    await this.onThread(threadId, async (db, trx, thread) => {
      await writes.deleteThread(db, threadId);
      await writeAudit(trx, actor, {
        action: 'forums.delete',
        targetType: 'forum_thread',
        targetId: threadId,
        before: { title: thread.title, categoryId: thread.category_id, authorId: thread.author_id },
        after: { reason },
      });
    });
  }

  async hidePost(actor: AuditActor, postId: string, isHidden: boolean, reason?: string) {
    await this.onPost(postId, async (db, trx, post) => {
      await writes.setPostHidden(
        db,
        postId,
        isHidden ? { at: post.hidden_at ?? new Date(), reason: reason ?? '' } : null,
      );
      await writeAudit(trx, actor, {
        action: 'forums.hide',
        targetType: 'forum_post',
        targetId: postId,
        before: { hide: post.hidden_at !== null },
        after: { hide: isHidden, reason: reason ?? null },
      });
    });
  }

  async deletePost(actor: AuditActor, postId: string, reason: string): Promise<void> {
    await this.onPost(postId, async (db, trx, post) => {
      if (post.is_opening) {
        throw new AppError('request/invalid', 'Delete the thread to remove its opening post');
      }
      await writes.deletePost(db, postId);
      await writeAudit(trx, actor, {
        action: 'forums.delete',
        targetType: 'forum_post',
        targetId: postId,
        before: { threadId: post.thread_id, authorId: post.author_id, source: post.source },
        after: { reason },
      });
    });
  }

  async report(actor: AuditActor, user: UserRow, postId: string, reason: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const { post } = await this.posts.visiblePost(db, viewerOf(user), postId);
      if (post.author_id === user.id) {
        throw new AppError('request/invalid', 'You cannot report your own post');
      }
      const id = await reports.insertReport(db, {
        postId,
        reporterId: user.id,
        reporterName: displayName(user),
        reason,
      });
      await writeAudit(trx, actor, {
        action: 'forums.report',
        targetType: 'forum_post',
        targetId: postId,
        after: { reportId: id ?? null, reason },
      });
    });
  }

  async reports(query: { status: 'open' | 'resolved'; page: number; pageSize: number }) {
    const { rows, total } = await reports.listReports(withForumTables(this.db), query);
    return { items: rows.map(presentReport), total, page: query.page, pageSize: query.pageSize };
  }

  async resolveReport(
    actor: AuditActor,
    id: string,
    outcome: 'dismissed' | 'actioned',
    note?: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const report = await reports.findReport(db, id);
      if (!report) throw new AppError('request/not_found', 'Report not found');
      if (report.resolved_at) {
        auditNothingChanged('the report was already closed');
        return;
      }
      await reports.resolveReport(db, id, { byEmail: actor.email, outcome, note: note ?? null });
      await writeAudit(trx, actor, {
        action: 'forums.report_resolve',
        targetType: 'forum_report',
        targetId: id,
        after: { postId: report.post_id, outcome, note: note ?? null },
      });
    });
  }

  async category(id: string) {
    const row = (await repo.listCategories(withForumTables(this.db), MODERATOR)).find(
      (c) => c.id === id,
    );
    if (!row) throw categoryNotFound();
    return presentCategory(row);
  }

  private async inCategoryTransaction(work: (db: ForumDb, trx: Db) => Promise<string>) {
    const id = await this.db.transaction().execute((trx) => work(withForumTables(trx), trx));
    return this.category(id);
  }

  private async onThread(
    threadId: string,
    work: (db: ForumDb, trx: Db, thread: ThreadRow) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const thread = await repo.findThread(db, MODERATOR, threadId);
      if (!thread) throw threadNotFound();
      await work(db, trx, thread);
    });
  }

  private async onPost(
    postId: string,
    work: (
      db: ForumDb,
      trx: Db,
      post: NonNullable<Awaited<ReturnType<typeof repo.findPost>>>,
    ) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const db = withForumTables(trx);
      const { post } = await this.posts.visiblePost(db, MODERATOR, postId);
      await work(db, trx, post);
    });
  }
}

const nameTaken = () =>
  new AppError('forums/category_taken', 'A category with this name already exists');
