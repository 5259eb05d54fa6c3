import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { describeDevice, presentActivity } from './presenters';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:131.0) Gecko/20100101 Firefox/131.0',
      'Firefox on macOS',
    ],
    ['curl/8.5.0', 'curl'],
    [null, null],
  ])('describes %s as %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });
});

describe('presentActivity', () => {
  const user = {
    id: 'u1',
    created_at: new Date('2026-01-01T10:00:00Z'),
    email_verified_at: new Date('2026-01-01T10:05:00Z'),
  } as UserRow;

  it('merges account and session events newest first and marks the current session', () => {
    const items = presentActivity(
      user,
      [
        {
          id: 's2',
          created_at: new Date('2026-01-03T09:00:00Z'),
          revoked_at: null,
          ip: '10.0.0.2',
          user_agent: 'curl/8',
        },
        {
          id: 's1',
          created_at: new Date('2026-01-01T10:05:00Z'),
          revoked_at: new Date('2026-01-02T08:00:00Z'),
          ip: '10.0.0.1',
          user_agent: null,
        },
      ],
      's2',
      10,
    );
    expect(items.map((i) => i.kind)).toEqual([
      'signed-in',
      'session-ended',
      'email-verified',
      'signed-in',
      'account-created',
    ]);
    expect(items[0]).toMatchObject({ isCurrentSession: true, device: 'curl', ip: '10.0.0.2' });
    expect(items[1]).toMatchObject({ isCurrentSession: false, at: '2026-01-02T08:00:00.000Z' });
  });

  it('keeps at most the limit', () => {
    expect(presentActivity(user, [], 'none', 1)).toHaveLength(1);
  });
});
