import { describe, expect, it } from 'vitest';
import {
  daysSince,
  formatUnitPrice,
  formatUsd,
  formatUsdDelta,
  isStalePrice,
  pricesAsOf,
} from './money';

describe('money', () => {
  it('shows dollars with cents and thousands separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('keeps the fractions of a cent of a unit price', () => {
    expect(formatUnitPrice(0.0000166667)).toBe('$0.0000166667');
    expect(formatUnitPrice(0.096)).toBe('$0.096');
  });

  it('signs a difference with plus or a true minus, and none for zero', () => {
    expect(formatUsdDelta(12)).toBe('+$12.00');
    expect(formatUsdDelta(-3.5)).toBe('−$3.50');
    expect(formatUsdDelta(0.001)).toBe('$0.00');
  });

  it('flags prices older than 180 days as stale', () => {
    const today = new Date('2026-11-29T12:00:00Z');
    // 2026-06-02 is 180 days before 2026-11-29: not yet stale; a day earlier is.
    expect(daysSince('2026-06-02', today)).toBe(180);
    expect(isStalePrice('2026-06-02', today)).toBe(false);
    expect(isStalePrice('2026-06-01', today)).toBe(true);
  });

  it('names one date or the span of dates', () => {
    expect(pricesAsOf('2026-07-20', '2026-07-20')).toBe('2026-07-20');
    expect(pricesAsOf('2024-07-01', '2026-07-20')).toBe('2024-07-01 to 2026-07-20');
    expect(pricesAsOf(null, null)).toBeNull();
  });
});
