import { describe, expect, it } from 'vitest';
import { isValidEmail, sanitizeInput } from './sanitize';

describe('sanitizeInput', () => {
  it('strips angle brackets and trims', () => {
    expect(sanitizeInput('  <script>alert(1)</script> ')).toBe('scriptalert(1)/script');
    expect(sanitizeInput('\tada@example.com\n')).toBe('ada@example.com');
  });
});

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.io', "o'neil@example.de", 'x{%}@a-b.io'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each([
    '',
    'ada',
    'ada@',
    'ada@example',
    'a da@example.com',
    '@example.com',
    // a mailer would send these to another address or to none
    'me@evil.io,ada@example.com',
    'ab(c@example.com',
    '"ada@example.com',
    'ada@exa{mple}.com',
    'a\u0001b@example.com',
    'ada@exämple.de',
    'a..b@example.com',
    '.ab@example.com',
    'ab@-example.com',
    'ab@example-.com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
