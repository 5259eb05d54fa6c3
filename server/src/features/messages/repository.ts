import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { STAFF_ROLES } from '@stratum/core/contract/common';
import { SYSTEM_SENDER, type StaffNotice } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import type { MessagesTable, UserRow } from '../../db/schema';

export type MessageRow = Selectable<MessagesTable>;

/** A sending as its author sees it: one row per recipient folded into one. */
export interface SentRow {
  send_id: string;
  kind: MessageRow['kind'];
  subject: string;
  body: string;
  sender_id: string | null;
  sender_name: string;
  sender_email: string | null;
  recipient_label: string;
  reply_to_id: string | null;
  created_at: Date;
  read_at: Date | null;
  recipient_count: number;
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('recipient_id', '=', userId)
    .where('read_at', 'is', null)
    .where('deleted_by_recipient_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const inboxOf = (db: Db, userId: string) =>
  db
    .selectFrom('messages')
    .where('recipient_id', '=', userId)
    .where('deleted_by_recipient_at', 'is', null);

const sentOf = (db: Db, userId: string) =>
  db
    .selectFrom('messages')
    .where('sender_id', '=', userId)
    .where('deleted_by_sender_at', 'is', null);

export async function listInbox(
  db: Db,
  userId: string,
  page: { page: number; pageSize: number; unreadOnly: boolean },
): Promise<{ rows: MessageRow[]; total: number }> {
  let query = inboxOf(db, userId);
  if (page.unreadOnly) query = query.where('read_at', 'is', null);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

function sentGroups(db: Db, userId: string) {
  return sentOf(db, userId)
    .select((eb) => [
      'send_id',
      'kind',
      'subject',
      'body',
      'sender_id',
      'sender_name',
      'sender_email',
      'recipient_label',
      'reply_to_id',
      eb.fn.min('created_at').as('created_at'),
      eb.fn.min('read_at').as('read_at'),
      eb.fn.count<number>('id').as('recipient_count'),
    ])
    .groupBy([
      'send_id',
      'kind',
      'subject',
      'body',
      'sender_id',
      'sender_name',
      'sender_email',
      'recipient_label',
      'reply_to_id',
    ]);
}

export async function listSent(
  db: Db,
  userId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: SentRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    sentGroups(db, userId)
      .orderBy('created_at', 'desc')
      .orderBy('send_id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    sentOf(db, userId)
      .select((eb) => eb.fn.count<number>('send_id').distinct().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export function findInboxMessage(
  db: Db,
  userId: string,
  id: string,
): Promise<MessageRow | undefined> {
  return inboxOf(db, userId).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSent(
  db: Db,
  userId: string,
  sendId: string,
): Promise<SentRow | undefined> {
  return sentGroups(db, userId).where('send_id', '=', sendId).executeTakeFirst();
}

export async function markRead(
  db: Db,
  userId: string,
  id: string,
  isRead: boolean,
): Promise<boolean> {
  const result = await inboxUpdate(db, userId)
    .set({ read_at: isRead ? new Date() : null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks read only what is unread, so the first reading time is kept. */
export async function markReadOnce(db: Db, userId: string, id: string): Promise<void> {
  await inboxUpdate(db, userId)
    .set({ read_at: new Date() })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await inboxUpdate(db, userId)
    .set({ read_at: new Date() })
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const inboxUpdate = (db: Db, userId: string) =>
  db
    .updateTable('messages')
    .where('recipient_id', '=', userId)
    .where('deleted_by_recipient_at', 'is', null);

/** Deletes the caller's copy: an inbox message, or else a sending of theirs. */
export async function deleteFor(db: Db, userId: string, id: string): Promise<boolean> {
  const inbox = await inboxUpdate(db, userId)
    .set({ deleted_by_recipient_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(inbox.numUpdatedRows) > 0) return true;
  const sent = await db
    .updateTable('messages')
    .set({ deleted_by_sender_at: new Date() })
    .where('sender_id', '=', userId)
    .where('send_id', '=', id)
    .where('deleted_by_sender_at', 'is', null)
    .executeTakeFirst();
  return Number(sent.numUpdatedRows) > 0;
}

export function activeUserBy(
  db: Db,
  by: { email: string } | { id: string },
): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll().where('disabled_at', 'is', null);
  query = 'email' in by ? query.where('email', '=', by.email) : query.where('id', '=', by.id);
  return query.executeTakeFirst();
}

export function activeStaff(db: Db, exceptId: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('role', 'in', [...STAFF_ROLES])
    .where('disabled_at', 'is', null)
    .where('id', '!=', exceptId)
    .execute();
}

/** One sending: a row per recipient under one send id. Answers the send id. */
export async function insertSending(
  db: Db,
  sender: UserRow,
  recipients: UserRow[],
  message: { subject: string; body: string; recipientLabel: string; replyToId: string | null },
): Promise<string> {
  const sendId = randomUUID();
  await db
    .insertInto('messages')
    .values(
      recipients.map((recipient) => ({
        recipient_id: recipient.id,
        sender_id: sender.id,
        kind: 'direct' as const,
        sender_name: `${sender.first_name} ${sender.last_name}`.trim() || sender.email,
        sender_email: sender.email,
        subject: message.subject,
        body: message.body,
        contact_message_id: null,
        read_at: null,
        send_id: sendId,
        recipient_label: message.recipientLabel,
        reply_to_id: message.replyToId,
        deleted_by_recipient_at: null,
        deleted_by_sender_at: null,
      })),
    )
    .execute();
  return sendId;
}

/** A system message from "Stratum" to one user. */
export async function insertSystemMessage(
  db: Db,
  recipient: { id: string; firstName: string; lastName: string },
  message: { subject: string; body: string },
): Promise<void> {
  await db
    .insertInto('messages')
    .values({
      recipient_id: recipient.id,
      sender_id: null,
      kind: 'system',
      sender_name: SYSTEM_SENDER,
      sender_email: null,
      subject: message.subject,
      body: message.body,
      contact_message_id: null,
      read_at: null,
      recipient_label: `${recipient.firstName} ${recipient.lastName}`.trim(),
      reply_to_id: null,
      deleted_by_recipient_at: null,
      deleted_by_sender_at: null,
    })
    .execute();
}

/** One copy per active staff member, in one statement. Answers who received it. */
export async function insertForEveryStaff(db: Db, notice: StaffNotice): Promise<string[]> {
  const isContact = notice.kind === 'contact';
  const rows = await db
    .insertInto('messages')
    .columns([
      'recipient_id',
      'kind',
      'sender_name',
      'sender_email',
      'subject',
      'body',
      'contact_message_id',
      'recipient_label',
    ])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((s) => [
          'users.id',
          s.val(notice.kind).as('kind'),
          s.val(isContact ? notice.senderName : SYSTEM_SENDER).as('sender_name'),
          s.val(isContact ? notice.senderEmail : null).as('sender_email'),
          s.val(notice.subject).as('subject'),
          s.val(notice.body).as('body'),
          s.val(isContact ? notice.contactMessageId : null).as('contact_message_id'),
          s.val('Staff').as('recipient_label'),
        ])
        .where('users.role', 'in', [...STAFF_ROLES])
        .where('users.disabled_at', 'is', null),
    )
    .returning('recipient_id')
    .execute();
  return rows.map((row) => row.recipient_id);
}
