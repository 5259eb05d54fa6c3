import { describe, expect, it } from 'vitest';
import { activityDetail, activityTitle, relativeTime } from './activity-text';

const item = {
  id: 'x',
  kind: 'signed-in' as const,
  at: '2026-01-01T00:00:00.000Z',
  device: 'Chrome on Linux',
  ip: '10.0.0.1',
  isCurrentSession: true,
};

describe('activity text', () => {
  it('titles and details an event', () => {
    expect(activityTitle(item)).toBe('Signed in');
    expect(activityDetail(item)).toBe('Chrome on Linux · 10.0.0.1');
    expect(activityDetail({ ...item, device: null, ip: null })).toBeNull();
  });

  it('says how long ago', () => {
    const at = Date.parse(item.at);
    expect(relativeTime(item.at, at + 30_000)).toBe('just now');
    expect(relativeTime(item.at, at + 60_000)).toBe('1 minute ago');
    expect(relativeTime(item.at, at + 5 * 3_600_000)).toBe('5 hours ago');
    expect(relativeTime(item.at, at + 2 * 86_400_000)).toBe('2 days ago');
    expect(relativeTime(item.at, at + 30 * 86_400_000)).toMatch(/2026/);
  });
});
