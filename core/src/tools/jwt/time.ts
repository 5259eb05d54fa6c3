const UNITS = [
  ['year', 365 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;

/** "45 seconds", "5 minutes", "2 hours 3 minutes", "3 days 4 hours": the two largest units. */
export function formatDuration(ms: number): string {
  let seconds = Math.floor(Math.abs(ms) / 1000);
  if (seconds === 0) return 'less than a second';
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count > 0 || parts.length > 0) {
      if (count > 0) parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
      seconds -= count * size;
      if (parts.length === 2 || (parts.length === 1 && count === 0)) break;
    }
  }
  return parts.join(' ');
}

/** "in 5 minutes" or "5 minutes ago". */
export function relativeTime(atMs: number, nowMs: number): string {
  const span = formatDuration(atMs - nowMs);
  return atMs >= nowMs ? `in ${span}` : `${span} ago`;
}

/** A NumericDate (seconds since 1970, UTC) as `2026-11-22 02:45:36 UTC`. */
export function formatUtc(seconds: number): string {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return 'not a valid date';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
