import type { TSendContactMessageInput } from '@stratum/core/contract/contact/send-contact-message';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';

export interface ContactOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Stores a contact message and delivers a copy to the inbox of every active staff member, in
 * one transaction (the messages feature delivers, as `inbox`): either everybody who should
 * see it can, or nothing was stored.
 */
export async function storeContactMessage(
  db: Db,
  inbox: Inbox<Db>,
  input: TSendContactMessageInput,
  origin: ContactOrigin,
): Promise<{ id: string; recipients: number }> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('contact_messages')
      .values({
        name: input.name,
        email: input.email,
        subject: input.subject,
        body: input.message,
        ip: origin.ip,
        user_agent: origin.userAgent?.slice(0, 512) ?? null,
        handled_at: null,
        handled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipients = await inbox.notifyStaff(trx, {
      kind: 'contact',
      senderName: input.name,
      senderEmail: input.email,
      subject: input.subject,
      body: input.message,
      contactMessageId: id,
    });
    return { id, recipients };
  });
}
