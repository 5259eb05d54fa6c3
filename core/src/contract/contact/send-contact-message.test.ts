import { describe, expect, it } from 'vitest';
import { CONTACT_TEXT, ZSendContactMessageBody } from './send-contact-message';

/** Each field's first message, as the contact form shows them. */
function validateContact(values: Record<string, string>): Record<string, string> {
  const result = ZSendContactMessageBody.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Self-hosting',
  message: 'How do I use an external PostgreSQL?',
};

describe('the contact message schema', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('names every problem once, per field', () => {
    expect(validateContact({ name: ' ', email: 'ada@', subject: '', message: 'short' })).toEqual({
      name: CONTACT_TEXT.nameRequired,
      email: 'Please enter a valid email address',
      subject: CONTACT_TEXT.subjectRequired,
      message: CONTACT_TEXT.messageTooShort,
    });
  });

  it('measures the message after trimming and stripping angle brackets', () => {
    expect(validateContact({ ...valid, message: '  <<<<>>>>>  abc ' }).message).toBe(
      CONTACT_TEXT.messageTooShort,
    );
  });
});
