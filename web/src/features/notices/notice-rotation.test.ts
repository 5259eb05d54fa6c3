import { describe, expect, it } from 'vitest';
import type { TSiteNotice } from '@stratum/core/contract/notices/site-notice';
import { clampIndex, nextIndex, visibleNotices } from './notice-rotation';

const notice = (id: string, extra: Partial<TSiteNotice> = {}): TSiteNotice => ({
  id,
  title: `Notice ${id}`,
  message: 'Message',
  type: 'info',
  isActive: true,
  createdAt: '2026-11-22T09:00:00Z',
  expiresAt: null,
  priority: 0,
  dismissible: true,
  ...extra,
});
const now = new Date('2026-11-22T10:00:00Z');

describe('visibleNotices', () => {
  it('hides dismissed, inactive and expired notices, keeping the server order', () => {
    const list = [
      notice('a', { priority: 3 }),
      notice('b', { expiresAt: '2026-11-22T10:00:00Z' }),
      notice('c', { expiresAt: '2026-11-22T10:00:01Z' }),
      notice('d'),
      notice('e', { isActive: false }),
    ];
    expect(visibleNotices(list, new Set(['d']), now).map((n) => n.id)).toEqual(['a', 'c']);
  });
});

describe('rotation', () => {
  it('wraps round and stays inside a list that shrank', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(clampIndex(4, 2)).toBe(1);
    expect(clampIndex(1, 0)).toBe(0);
  });
});
