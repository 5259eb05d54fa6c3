/** Money as the costing views show it: US dollars, two decimals, grouped (`$1,234.56`). */
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Unit prices can be fractions of a cent (`$0.0000166667` per GB-second). */
const UNIT_PRICE = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 10,
});

export const formatUsd = (n: number): string => USD.format(n);

export const formatUnitPrice = (n: number): string => UNIT_PRICE.format(n);

/** `+$12.00`, `−$3.50` (a true minus sign), `$0.00`. */
export function formatUsdDelta(n: number): string {
  const cents = Math.round(n * 100);
  if (cents === 0) return USD.format(0);
  return `${cents > 0 ? '+' : '−'}${USD.format(Math.abs(cents) / 100)}`;
}

/** A list price older than this is flagged as stale (issue 13: "older than 180 days"). */
export const PRICE_STALE_DAYS = 180;

/** Whole days from an ISO date (`2026-05-03`) to `today`. */
export function daysSince(isoDate: string, today: Date = new Date()): number {
  const then = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.floor((now - then) / 86_400_000);
}

export const isStalePrice = (isoDate: string, today?: Date): boolean =>
  daysSince(isoDate, today) > PRICE_STALE_DAYS;

/** "2026-07-20", or "2024-07-01 to 2026-07-20" when the prices span several dates. */
export function pricesAsOf(oldest: string | null, newest: string | null): string | null {
  if (!oldest || !newest) return oldest ?? newest;
  return oldest === newest ? oldest : `${oldest} to ${newest}`;
}
