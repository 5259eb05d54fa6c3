/** Accepted HTTP status codes as Uptime Kuma writes them: `200-299`, `200, 301-302`, `404`. */
export interface StatusRange {
  min: number;
  max: number;
}

const PART = /^(\d{3})(?:\s*-\s*(\d{3}))?$/;

/** Parses an accepted-status list; answers the ranges, or a message saying what is wrong. */
export function parseStatusRanges(text: string): { ranges: StatusRange[] } | { error: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { error: 'Enter at least one status code, e.g. 200-299' };
  if (parts.length > 20) return { error: 'Enter at most 20 status codes or ranges' };
  const ranges: StatusRange[] = [];
  for (const part of parts) {
    const match = PART.exec(part);
    if (!match)
      return { error: `"${part}" is not a status code (100-599) or a range like 200-299` };
    const min = Number(match[1]);
    const max = Number(match[2] ?? match[1]);
    if (min < 100 || max > 599) return { error: `"${part}" is outside the status codes 100-599` };
    if (min > max) return { error: `"${part}" runs backwards: write the lower code first` };
    ranges.push({ min, max });
  }
  return { ranges };
}

export function statusMatches(ranges: readonly StatusRange[], status: number): boolean {
  return ranges.some((r) => status >= r.min && status <= r.max);
}
