import { describe, expect, it } from 'vitest';
import { quoteBody, replySubject } from './messages-keys';

describe('replies', () => {
  it('prefixes Re: once', () => {
    expect(replySubject('Plans')).toBe('Re: Plans');
    expect(replySubject('RE: Plans')).toBe('RE: Plans');
  });

  it('quotes the original line by line', () => {
    expect(quoteBody('Ada', 'one\ntwo')).toBe('\n\nAda wrote:\n> one\n> two');
  });
});
