import type { SelectOption } from '../components/select-field';

/** "Any …" first, then each value: the options of a list filter. */
export function filterOptions(anyLabel: string, options: readonly SelectOption[]): SelectOption[] {
  return [{ value: '', label: anyLabel }, ...options];
}

/** Only the keys with a value: for a list call's `query`. */
export function compactQuery(values: Record<string, string | number | undefined>) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query[key] = String(value);
  }
  return query;
}

/** A whole number within bounds, or undefined (with the message to show). */
export function parseWhole(
  text: string,
  min: number,
  max: number,
): { value: number; error?: undefined } | { value?: undefined; error: string } {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(value) || value < min || value > max) {
    return { error: `Enter a whole number from ${min} to ${max.toLocaleString('en-US')}` };
  }
  return { value };
}

/** A `date` input's day as the ISO instant it starts, `addDays` later (1: the end of that day). */
export function dayStartIso(day: string, addDays: number): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setDate(date.getDate() + addDays);
  return date.toISOString();
}
