import type { TSendMessageInput } from '@stratum/core/contract/messages/send-message';
import type { TListMessagesQuery } from '@stratum/core/contract/messages/list-messages';
import type { Inbox, StaffNotice } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { liveEvents } from '../../lib/live-events';
import type { SharedState } from '../../lib/shared-state';
import { throttle } from '../../lib/throttle';
import { presentInboxMessage, presentSentMessage } from './presenters';
import * as repo from './repository';

/** Enough for a conversation, too few for a spam run. */
const SENDS_PER_MINUTE = 20;

const notFound = () => new AppError('request/not_found', 'Message not found');

/**
 * A delivery inside a caller's transaction is announced after this delay, by when the
 * transaction has committed: the bell then refetches a count that includes it. (A rolled-back
 * one costs a refetch that finds nothing new; the 30 s poll stays the fallback.)
 */
const ANNOUNCE_AFTER_TRANSACTION_MS = 300;

/** The only writer of the `messages` table; other features deliver through it as `Inbox`. */
export class MessageService implements Inbox<Db> {
  constructor(
    private readonly db: Db,
    private readonly shared: SharedState,
  ) {}

  async sendSystem(
    trx: Db,
    recipient: { id: string; firstName: string; lastName: string },
    message: { subject: string; body: string },
  ): Promise<void> {
    await repo.insertSystemMessage(trx, recipient, message);
    this.announce(trx, [recipient.id]);
  }

  notifyStaff = async (trx: Db, notice: StaffNotice): Promise<number> => {
    const recipients = await repo.insertForEveryStaff(trx, notice);
    this.announce(trx, recipients);
    return recipients.length;
  };

  /** Rings the recipients' bells on every process: at once, or once `db`'s transaction is done. */
  private announce(db: Db, recipientIds: string[]): void {
    const publish = () =>
      void liveEvents(this.shared).publishToUsers(recipientIds, { type: 'message-new' });
    if (!db.isTransaction) {
      publish();
      return;
    }
    setTimeout(publish, ANNOUNCE_AFTER_TRANSACTION_MS).unref();
  }

  countUnread = (userId: string) => repo.countUnread(this.db, userId);

  async list(userId: string, query: TListMessagesQuery) {
    const [page, unreadCount] = await Promise.all([
      query.box === 'sent'
        ? repo.listSent(this.db, userId, query).then(({ rows, total }) => ({
            items: rows.map(presentSentMessage),
            total,
          }))
        : repo
            .listInbox(this.db, userId, { ...query, unreadOnly: query.unreadOnly ?? false })
            .then(({ rows, total }) => ({ items: rows.map(presentInboxMessage), total })),
      repo.countUnread(this.db, userId),
    ]);
    return { ...page, page: query.page, pageSize: query.pageSize, unreadCount };
  }

  /** Opening an inbox message marks it read. */
  async open(userId: string, id: string) {
    const inbox = await repo.findInboxMessage(this.db, userId, id);
    if (inbox) {
      await repo.markReadOnce(this.db, userId, id);
      return presentInboxMessage((await repo.findInboxMessage(this.db, userId, id)) ?? inbox);
    }
    const sent = await repo.findSent(this.db, userId, id);
    if (!sent) throw notFound();
    return presentSentMessage(sent);
  }

  async mark(actor: AuditActor & { id: string }, id: string, isRead: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.markRead(trx, actor.id, id, isRead))) throw notFound();
      await writeAudit(trx, actor, {
        action: 'messages.mark',
        targetType: 'message',
        targetId: id,
        after: { isRead },
      });
    });
  }

  markAllRead = (actor: AuditActor & { id: string }): Promise<number> =>
    this.db.transaction().execute(async (trx) => {
      const updated = await repo.markAllRead(trx, actor.id);
      await writeAudit(trx, actor, {
        action: 'messages.mark_all',
        targetType: 'user',
        targetId: actor.id,
        after: { updated },
      });
      return updated;
    });

  async delete(actor: AuditActor & { id: string }, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.deleteFor(trx, actor.id, id))) throw notFound();
      await writeAudit(trx, actor, {
        action: 'messages.delete',
        targetType: 'message',
        targetId: id,
      });
    });
  }

  /** To every staff member, or to one active user; a reply names an inbox message of the sender. */
  async send(sender: UserRow, input: TSendMessageInput, actor: AuditActor) {
    await throttle(this.shared, `messages-send:${sender.id}`, SENDS_PER_MINUTE);
    if (input.replyToId && !(await repo.findInboxMessage(this.db, sender.id, input.replyToId))) {
      throw notFound();
    }
    let recipients: UserRow[];
    let label: string;
    if (input.to.type === 'staff') {
      recipients = await repo.activeStaff(this.db, sender.id);
      label = 'Staff';
      if (recipients.length === 0) {
        throw new AppError('request/not_found', 'No staff member can receive messages');
      }
    } else {
      const recipient = await repo.activeUserBy(
        this.db,
        input.to.type === 'user' ? { email: input.to.email } : { id: input.to.userId },
      );
      if (!recipient) throw new AppError('request/not_found', 'No active user with that address');
      if (recipient.id === sender.id) {
        throw new AppError('request/invalid', 'You cannot send a message to yourself');
      }
      recipients = [recipient];
      label = `${recipient.first_name} ${recipient.last_name}`.trim() || recipient.email;
    }
    const sendId = await this.db.transaction().execute(async (trx) => {
      const id = await repo.insertSending(trx, sender, recipients, {
        subject: input.subject,
        body: input.body,
        recipientLabel: label,
        replyToId: input.replyToId ?? null,
      });
      // Who and what about, not the text: a message is its writer's and readers' business.
      await writeAudit(trx, actor, {
        action: 'messages.send',
        targetType: 'message',
        targetId: id,
        after: { to: label, recipients: recipients.length, subject: input.subject },
      });
      return id;
    });
    this.announce(
      this.db,
      recipients.map((recipient) => recipient.id),
    );
    const sent = await repo.findSent(this.db, sender.id, sendId);
    return presentSentMessage(sent!);
  }
}
