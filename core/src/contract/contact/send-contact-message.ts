import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { zEmail, ZOk, zString, zText } from '../common';

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const CONTACT_TEXT = {
  nameRequired: 'Enter your name',
  subjectRequired: 'Enter a subject',
  messageTooShort: `Write at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: `Keep the message under ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
  sent: 'Thank you. Your message was sent to the staff of this Stratum instance.',
  failed: 'Your message could not be sent. Please try again later.',
} as const;

/** The public contact form: stored for staff and delivered to every staff inbox. */
export const ZSendContactMessageBody = z.object({
  name: zText(100).pipe(z.string().min(1, CONTACT_TEXT.nameRequired)),
  email: zEmail(),
  subject: zText(150).pipe(z.string().min(1, CONTACT_TEXT.subjectRequired)),
  message: zString(CONTACT_MESSAGE_MAX_LENGTH * 4)
    .overwrite((v) => v.replace(/[<>]/g, '').trim())
    .pipe(
      z
        .string()
        .min(CONTACT_MESSAGE_MIN_LENGTH, CONTACT_TEXT.messageTooShort)
        .max(CONTACT_MESSAGE_MAX_LENGTH, CONTACT_TEXT.messageTooLong),
    ),
});
export type TSendContactMessageBody = z.input<typeof ZSendContactMessageBody>;
export type TSendContactMessageInput = z.output<typeof ZSendContactMessageBody>;

export const sendContactMessage = defineEndpoint({
  method: 'POST',
  path: '/api/contact',
  summary: 'Send a message to the staff of this instance from the public contact form',
  auth: false,
  body: ZSendContactMessageBody,
  response: ZOk,
  audit: { action: 'contact.send', target: 'contact_message' },
});
