import { describe, expect, it } from 'vitest';
import { compareNotices, isNoticeLive, noticePriorityLabel } from './notices';

describe('site notices', () => {
  it.each([
    [5, 'High'],
    [2, 'High'],
    [1, 'Medium'],
    [0, 'Low'],
    [-3, 'Low'],
  ] as const)('priority %i is %s (§2)', (priority, label) => {
    expect(noticePriorityLabel(priority)).toBe(label);
  });

  const base = { isActive: true, expiresAt: null, priority: 0, createdAt: new Date(0) };
  const now = new Date('2026-01-01T00:00:00Z');

  it('shows active notices until they expire', () => {
    expect(isNoticeLive(base, now)).toBe(true);
    expect(isNoticeLive({ ...base, isActive: false }, now)).toBe(false);
    expect(isNoticeLive({ ...base, expiresAt: now }, now)).toBe(false);
    expect(isNoticeLive({ ...base, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
  });

  it('orders by priority, highest first, then newest first', () => {
    const notices = [
      { ...base, priority: 1, createdAt: new Date(1) },
      { ...base, priority: 2, createdAt: new Date(1) },
      { ...base, priority: 1, createdAt: new Date(2) },
    ];
    expect(
      [...notices].sort(compareNotices).map((n) => [n.priority, n.createdAt.getTime()]),
    ).toEqual([
      [2, 1],
      [1, 2],
      [1, 1],
    ]);
  });
});
