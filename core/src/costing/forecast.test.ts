import { describe, expect, it } from 'vitest';
import { linearForecast } from './forecast';

const at = (iso: string, monthlyTotal: number) => ({ at: new Date(iso), monthlyTotal });

describe('linearForecast', () => {
  it('extends a straight rise to the middle of each of the next three months', () => {
    // 100 → 200 → 300 at one-month (30.4375-day) steps, the last one now: +100 a month, and
    // each coming month reads 300 + 100 × (months from now to its middle).
    const now = new Date('2026-06-15T00:00:00Z');
    const month = 30.4375 * 86_400_000;
    const f = linearForecast(
      [
        { at: new Date(now.getTime() - 2 * month), monthlyTotal: 100 },
        { at: new Date(now.getTime() - month), monthlyTotal: 200 },
        { at: now, monthlyTotal: 300 },
      ],
      now,
    );
    expect(f?.basedOn).toBe(3);
    expect(f?.slopePerMonth).toBe(100);
    // mid-July 2026 = 2026-07-16T12:00Z: 31.5 days after now = 1.0349… months → 403.49
    expect(f?.points).toEqual([
      { month: '2026-07', monthlyTotal: 403.49 },
      // mid-August = 2026-08-16T12:00Z: 62.5 days = 2.0534 months → 505.34
      { month: '2026-08', monthlyTotal: 505.34 },
      // mid-September = 2026-09-16T00:00Z: 93 days = 3.0554 months → 605.54
      { month: '2026-09', monthlyTotal: 605.54 },
    ]);
    expect(f?.method).toMatch(
      /^Straight line \(least squares\) through the monthly totals of the last 3 days with a priced generation/,
    );
  });

  it('never forecasts below zero, holds one total flat, and needs a total', () => {
    const falling = linearForecast(
      [at('2026-01-01', 500), at('2026-02-01', 100)],
      new Date('2026-06-01'),
    );
    expect(falling?.points.map((p) => p.monthlyTotal)).toEqual([0, 0, 0]);
    const one = linearForecast([at('2026-01-01', 42.5)], new Date('2026-06-01'));
    expect(one).toMatchObject({
      basedOn: 1,
      slopePerMonth: 0,
      method: 'Only one day with a priced generation: the forecast holds its last total flat.',
    });
    expect(one?.points).toEqual([
      { month: '2026-07', monthlyTotal: 42.5 },
      { month: '2026-08', monthlyTotal: 42.5 },
      { month: '2026-09', monthlyTotal: 42.5 },
    ]);
    expect(linearForecast([], new Date())).toBeNull();
  });

  it('counts a day once, with its last total', () => {
    const sameDay = linearForecast(
      [
        at('2026-05-02T09:00:00Z', 10),
        at('2026-05-02T09:00:05Z', 900),
        at('2026-05-02T10:00:00Z', 50),
      ],
      new Date('2026-06-01'),
    );
    expect(sameDay).toMatchObject({ basedOn: 1, slopePerMonth: 0 });
    expect(sameDay?.points[0]?.monthlyTotal).toBe(50);
  });

  it('uses the last six days only', () => {
    const totals = [
      at('2025-01-01', 9999),
      ...[1, 2, 3, 4, 5, 6].map((m) => at(`2026-0${m}-01`, 100)),
    ];
    expect(linearForecast(totals, new Date('2026-06-01'))?.points[0]?.monthlyTotal).toBe(100);
  });
});
