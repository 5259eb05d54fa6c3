import { z } from 'zod';

export const MESSAGE_KINDS = ['contact', 'direct', 'system'] as const;
export const ZMessageKind = z.enum(MESSAGE_KINDS);
export const MESSAGE_BOXES = ['inbox', 'sent'] as const;
export const ZMessageBox = z.enum(MESSAGE_BOXES);
export type TMessageBox = z.infer<typeof ZMessageBox>;

export const MESSAGE_LIMITS = { subject: 200, body: 10_000 } as const;

export const ZMessagePerson = z.object({
  id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});

/**
 * One message. In the inbox, `id` is the recipient's copy; in the sent box it names the whole
 * sending (a message to staff reaches every staff member), `recipientCount` says to how many.
 */
export const ZMessage = z.object({
  id: z.string(),
  box: ZMessageBox,
  kind: ZMessageKind,
  subject: z.string(),
  body: z.string(),
  sender: ZMessagePerson,
  /** "Staff" for a message to staff, else the recipient's name. */
  recipientLabel: z.string(),
  recipientCount: z.number().int(),
  createdAt: z.string(),
  /** Inbox: when this user read it. Sent: when the first recipient read it. */
  readAt: z.string().nullable(),
  isRead: z.boolean(),
  /** The inbox message this one answers, if any. */
  replyToId: z.string().nullable(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageResponse = z.object({
  success: z.literal(true),
  data: z.object({ message: ZMessage }),
});
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
