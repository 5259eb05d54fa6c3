import type { TSendContactMessageInput } from '@stratum/core/contract/contact/send-contact-message';
import type { Inbox } from '@stratum/core/inbox';
import type { Db } from '../../db/database';
import { anonymousActor, writeAudit } from '../../lib/audit';

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
    // The sender typed an address and is not signed in; rate limited per address (routes.ts).
    await writeAudit(trx, anonymousActor(input.email, origin.ip), {
      action: 'contact.send',
      targetType: 'contact_message',
      targetId: id,
      after: { name: input.name, subject: input.subject, recipients },
    });
    return { id, recipients };
  });
}
