import { describe, expect, it } from 'vitest';
import { CONTACT_TEXT } from '@stratum/core/contract/contact/send-contact-message';
import { validateContact } from './validate-contact';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Self-hosting',
  message: 'How do I use an external PostgreSQL?',
};

describe('validateContact', () => {
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
