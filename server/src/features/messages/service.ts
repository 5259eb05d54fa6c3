import type { TSendMessageInput } from '@stratum/core/contract/messages/send-message';
import type { TListMessagesQuery } from '@stratum/core/contract/messages/list-messages';
import type { Inbox, StaffNotice } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SharedState } from '../../lib/shared-state';
import { throttle } from '../../lib/throttle';
import { presentInboxMessage, presentSentMessage } from './presenters';
import * as repo from './repository';

/** Enough for a conversation, too few for a spam run. */
const SENDS_PER_MINUTE = 20;

const notFound = () => new AppError('request/not_found', 'Message not found');

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
  }

  notifyStaff = (trx: Db, notice: StaffNotice) => repo.insertForEveryStaff(trx, notice);

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

  async mark(userId: string, id: string, isRead: boolean): Promise<void> {
    if (!(await repo.markRead(this.db, userId, id, isRead))) throw notFound();
  }

  markAllRead = (userId: string) => repo.markAllRead(this.db, userId);

  async delete(userId: string, id: string): Promise<void> {
    if (!(await repo.deleteFor(this.db, userId, id))) throw notFound();
  }

  /** To every staff member, or to one active user; a reply names an inbox message of the sender. */
  async send(sender: UserRow, input: TSendMessageInput) {
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
    const sendId = await repo.insertSending(this.db, sender, recipients, {
      subject: input.subject,
      body: input.body,
      recipientLabel: label,
      replyToId: input.replyToId ?? null,
    });
    const sent = await repo.findSent(this.db, sender.id, sendId);
    return presentSentMessage(sent!);
  }
}
