import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { zEmail, zString, zText } from '../common';
import { MESSAGE_LIMITS, ZMessageResponse } from './message';

export const ZMessageRecipient = z.discriminatedUnion('type', [
  /** Every staff member (owner, admin, moderator, helper). */
  z.object({ type: z.literal('staff') }),
  z.object({ type: z.literal('user'), email: zEmail() }),
  z.object({ type: z.literal('userId'), userId: z.uuid() }),
]);

export const ZSendMessageBody = z.object({
  to: ZMessageRecipient,
  subject: zText(MESSAGE_LIMITS.subject).pipe(z.string().min(1, 'Enter a subject')),
  body: zString(MESSAGE_LIMITS.body * 4)
    .overwrite((v) => v.replace(/[<>]/g, '').trim())
    .pipe(z.string().min(1, 'Write a message').max(MESSAGE_LIMITS.body)),
  /** An inbox message this answers. */
  replyToId: z.uuid().optional(),
});
export type TSendMessageBody = z.input<typeof ZSendMessageBody>;
export type TSendMessageInput = z.output<typeof ZSendMessageBody>;

/** Rate limited. 404 when the recipient is not an active account. Answers the sent item. */
export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/api/messages',
  summary: 'Send a message to a user or to staff',
  auth: true,
  body: ZSendMessageBody,
  response: ZMessageResponse,
  audit: { action: 'messages.send', target: 'message' },
});
