import { STAFF_ROLES } from '@stratum/core/contract/common';
import type { TSendContactMessageInput } from '@stratum/core/contract/contact/send-contact-message';
import type { Db } from '../../db/database';

export interface ContactOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Stores a contact message and delivers a copy to the inbox of every active staff member, in
 * one transaction: either everybody who should see it can, or nothing was stored.
 */
export async function storeContactMessage(
  db: Db,
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
    const delivered = await trx
      .insertInto('messages')
      .columns([
        'recipient_id',
        'kind',
        'sender_name',
        'sender_email',
        'subject',
        'body',
        'contact_message_id',
      ])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select((s) => [
            'users.id',
            s.val('contact').as('kind'),
            s.val(input.name).as('sender_name'),
            s.val(input.email).as('sender_email'),
            s.val(input.subject).as('subject'),
            s.val(input.message).as('body'),
            s.val(id).as('contact_message_id'),
          ])
          .where('users.role', 'in', [...STAFF_ROLES])
          .where('users.disabled_at', 'is', null),
      )
      .executeTakeFirst();
    return { id, recipients: Number(delivered.numInsertedOrUpdatedRows ?? 0) };
  });
}
