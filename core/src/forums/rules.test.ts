import { describe, expect, it } from 'vitest';
import { canModerateForums, editWindowEnd, isWithinEditWindow, mentionsIn } from './rules';

describe('mentionsIn', () => {
  it('finds handles and addresses, once each, lower-cased', () => {
    expect(mentionsIn('Hi @Ada and @grace@example.com, also @ada again.')).toEqual([
      'ada',
      'grace@example.com',
    ]);
  });

  it('ignores addresses, code spans and code blocks', () => {
    const source = 'mail me at bob@example.com `@inline` \n```\n@fenced\n```\n    @indented\n@real';
    expect(mentionsIn(source)).toEqual(['real']);
  });

  it('drops a trailing full stop from a handle', () => {
    expect(mentionsIn('Thanks @linus.')).toEqual(['linus']);
  });

  it('stops at ten people', () => {
    const source = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionsIn(source)).toHaveLength(10);
  });
});

describe('the edit window', () => {
  it('is open for 30 minutes after writing', () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(editWindowEnd(at).toISOString()).toBe('2026-11-29T10:30:00.000Z');
    expect(isWithinEditWindow(at, new Date('2026-11-29T10:29:59Z'))).toBe(true);
    expect(isWithinEditWindow(at, new Date('2026-11-29T10:30:00Z'))).toBe(false);
  });
});

describe('who moderates', () => {
  it('is moderator and above', () => {
    expect(
      ['user', 'helper', 'moderator', 'admin', 'owner'].map((r) => canModerateForums(r as never)),
    ).toEqual([false, false, true, true, true]);
  });
});
