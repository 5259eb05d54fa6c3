import type { TCreateNoticeInput } from '@stratum/core/contract/notices/create-notice';
import type { TUpdateNoticeInput } from '@stratum/core/contract/notices/update-notice';
import { NOTICE_MSG } from '@stratum/core/notices';
import type { Db } from '../../db/database';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { presentManagedNotice, presentNotice } from './presenters';
import * as repo from './repository';

const notFound = () => new AppError('request/not_found', NOTICE_MSG.notFound);

export class NoticeService {
  constructor(private readonly db: Db) {}

  /** §7: active, unexpired notices and which of them this user dismissed. */
  async forUser(userId: string) {
    const rows = await repo.liveNotices(this.db);
    const dismissed = await repo.dismissedBy(
      this.db,
      userId,
      rows.map((r) => r.id),
    );
    return { notices: rows.map(presentNotice), dismissed };
  }

  async dismiss(actor: AuditActor, noticeId: string): Promise<void> {
    const notice = await repo.findNotice(this.db, noticeId);
    if (!notice) throw notFound();
    if (!notice.dismissible)
      throw new AppError('notices/not_dismissible', NOTICE_MSG.notDismissible);
    await this.db.transaction().execute(async (trx) => {
      await repo.dismiss(trx, actor.id, noticeId);
      await writeAudit(trx, actor, {
        action: 'notices.dismiss',
        targetType: 'site_notice',
        targetId: noticeId,
        after: { title: notice.title },
      });
    });
  }

  async all() {
    const now = new Date();
    return (await repo.allNotices(this.db)).map((row) => presentManagedNotice(row, now));
  }

  create(input: TCreateNoticeInput, actor: AuditActor) {
    return this.db.transaction().execute(async (trx) => {
      const notice = presentNotice(await repo.insertNotice(trx, input, actor.id));
      await writeAudit(trx, actor, {
        action: 'notices.create',
        targetType: 'site_notice',
        targetId: notice.id,
        after: notice,
      });
      return notice;
    });
  }

  update(id: string, input: TUpdateNoticeInput, actor: AuditActor) {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.findNotice(trx, id);
      const row = await repo.updateNotice(trx, id, input);
      if (!before || !row) throw notFound();
      const notice = presentNotice(row);
      await writeAudit(trx, actor, {
        action: 'notices.update',
        targetType: 'site_notice',
        targetId: id,
        before: presentNotice(before),
        after: notice,
      });
      return notice;
    });
  }

  async delete(id: string, actor: AuditActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.deleteNotice(trx, id);
      if (!row) throw notFound();
      await writeAudit(trx, actor, {
        action: 'notices.delete',
        targetType: 'site_notice',
        targetId: id,
        before: presentNotice(row),
      });
    });
  }
}
