import type { TMessage } from '@stratum/core/contract/messages/message';
import type { MessageRow, SentRow } from './repository';

/** A copy in the signed-in user's inbox. */
export function presentInboxMessage(row: MessageRow): TMessage {
  return {
    id: row.id,
    box: 'inbox',
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    sender: { id: row.sender_id, name: row.sender_name, email: row.sender_email },
    recipientLabel: row.recipient_label || (row.kind === 'contact' ? 'Staff' : 'You'),
    recipientCount: 1,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
    isRead: row.read_at !== null,
    replyToId: row.reply_to_id,
  };
}

/** A sending of the signed-in user, all its recipients as one item. */
export function presentSentMessage(row: SentRow): TMessage {
  return {
    id: row.send_id,
    box: 'sent',
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    sender: { id: row.sender_id, name: row.sender_name, email: row.sender_email },
    recipientLabel: row.recipient_label,
    recipientCount: Number(row.recipient_count),
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    isRead: row.read_at !== null,
    replyToId: row.reply_to_id,
  };
}
