import { describe, expect, it } from 'vitest';
import { formatUnreadBadge } from './use-unread-count';
import { quotaChip } from './quota';

describe('quotaChip', () => {
  it('shows Unlimited for enterprise', () => {
    expect(quotaChip('enterprise', 0)).toMatchObject({
      text: 'Unlimited',
      longText: 'Unlimited generations',
      planName: 'Enterprise',
    });
  });
  it('shows remaining generations for free', () => {
    expect(quotaChip('free', 40)).toMatchObject({ text: '5 left', planName: 'Free' });
    expect(quotaChip('free', 0, 3).text).toBe('2 left');
    expect(quotaChip('free', 0, 9).text).toBe('0 left');
    expect(quotaChip('free', 0, 4).longText).toBe('1 generation left');
    expect(quotaChip('free', 0, 2).longText).toBe('3 generations left');
  });
  it('shows credits for the other plans, and treats an unknown plan as free', () => {
    expect(quotaChip('pro', 120)).toMatchObject({ text: '120 credits', planName: 'Pro' });
    expect(quotaChip('ultra-pro', 7)).toMatchObject({ text: '7 credits', planName: 'Ultra Pro' });
    expect(quotaChip('pro', 1).longText).toBe('1 credit');
    expect(quotaChip('gold', 7).planName).toBe('Free');
  });
  it('shows Unlimited for staff on any plan (decision 0010)', () => {
    expect(quotaChip('free', 0, 9, true)).toMatchObject({ text: 'Unlimited', planName: 'Free' });
    expect(quotaChip('pro', 30, 0, true).text).toBe('Unlimited');
  });
});

describe('formatUnreadBadge', () => {
  it('hides zero and caps at 99+', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(7)).toBe('7');
    expect(formatUnreadBadge(99)).toBe('99');
    expect(formatUnreadBadge(100)).toBe('99+');
  });
});
