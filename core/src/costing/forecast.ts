import type { TCostForecast } from '../contract/costing/history';
import { cents } from './money';

/** An average month in days (365.25 / 12): generations are placed on a month scale by date. */
const DAYS_PER_MONTH = 30.4375;
const MS_PER_MONTH = DAYS_PER_MONTH * 24 * 60 * 60 * 1000;

export interface TDatedTotal {
  at: Date;
  monthlyTotal: number;
}

const monthLabel = (d: Date, ahead: number) => {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + ahead, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * The monthly total for each of the next `months` calendar months after `now`: a least-squares
 * straight line through the totals of the last `window` days with a priced generation (a day
 * counts once, with its last total, so a burst of generations does not make a steep trend), each
 * placed at its date, read in the middle of each coming month; never below zero. One day gives a
 * flat line at its total. Null without any total.
 */
export function linearForecast(
  totals: readonly TDatedTotal[],
  now: Date,
  options: { months?: number; window?: number } = {},
): TCostForecast | null {
  const months = options.months ?? 3;
  const byDay = new Map<string, TDatedTotal>();
  for (const t of [...totals].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    byDay.set(t.at.toISOString().slice(0, 10), t);
  }
  const recent = [...byDay.values()].slice(-(options.window ?? 6));
  const last = recent[recent.length - 1];
  if (!last) return null;
  const n = recent.length;
  const xs = recent.map((t) => (t.at.getTime() - now.getTime()) / MS_PER_MONTH);
  const ys = recent.map((t) => t.monthlyTotal);
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i += 1) {
    sxx += ((xs[i] ?? 0) - meanX) ** 2;
    sxy += ((xs[i] ?? 0) - meanX) * ((ys[i] ?? 0) - meanY);
  }
  const slope = n > 1 ? sxy / sxx : 0;
  const points = Array.from({ length: months }, (_, i) => {
    const ahead = i + 1;
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1);
    const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead + 1, 1);
    const x = ((start + end) / 2 - now.getTime()) / MS_PER_MONTH;
    const value = n > 1 ? meanY + slope * (x - meanX) : last.monthlyTotal;
    return { month: monthLabel(now, ahead), monthlyTotal: cents(Math.max(0, value)) };
  });
  const method =
    n > 1
      ? `Straight line (least squares) through the monthly totals of the last ${n} days with a priced generation (each day's last), placed by date, read at the middle of each of the next ${months} months; never below zero.`
      : 'Only one day with a priced generation: the forecast holds its last total flat.';
  return { method, basedOn: n, slopePerMonth: cents(slope), points };
}
