import { z } from 'zod';
import { zEmail } from '@stratum/core/contract/common';
import {
  ZSendMessageBody,
  type TSendMessageBody,
} from '@stratum/core/contract/messages/send-message';

/** Who a reply goes to: the original sender's account. */
export interface ReplyTarget {
  userId: string;
  name: string;
  subject: string;
  body: string;
  replyToId: string;
}

export const RECIPIENT_EMAIL_REQUIRED = 'Enter the recipient’s email';

/** The compose form's values: the recipient as the inputs hold it, subject and body as sent. */
export interface TComposeFormValues {
  recipient: 'staff' | 'user';
  email: string;
  subject: string;
  body: string;
}

/**
 * The contract's body as the compose form holds it: subject and body are the contract's own
 * checks; the recipient email is asked for only for a new message to a user. The result is
 * the body sent to POST /api/messages.
 */
export function composeSchema(reply: ReplyTarget | null) {
  const needsEmail = (v: { recipient?: unknown }) => !reply && v.recipient === 'user';
  return z
    .object({
      recipient: z.enum(['staff', 'user']),
      email: z.string(),
      subject: ZSendMessageBody.shape.subject,
      body: ZSendMessageBody.shape.body,
    })
    .superRefine(
      (v, ctx) => {
        if (!needsEmail(v)) return;
        const email = String(v.email ?? '').trim();
        const message = email
          ? zEmail().safeParse(email).error?.issues[0]?.message
          : RECIPIENT_EMAIL_REQUIRED;
        if (message) ctx.addIssue({ code: 'custom', path: ['email'], message });
        // Said with the other fields' messages, not only once they are right.
      },
      { when: () => true },
    )
    .transform((v): TSendMessageBody => ({
      to: reply
        ? { type: 'userId', userId: reply.userId }
        : v.recipient === 'staff'
          ? { type: 'staff' }
          : { type: 'user', email: v.email.trim().toLowerCase() },
      subject: v.subject,
      body: v.body,
      ...(reply && { replyToId: reply.replyToId }),
    }));
}
