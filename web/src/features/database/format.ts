import type { TQueryParam } from '@stratum/core/contract/database/run-query';

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

export const PARAMS_HINT = 'A JSON array for $1, $2 …, e.g. ["2026-01-01", 10, null]';

/**
 * The parameters box: empty, or a JSON array of strings, numbers, booleans and null — so that
 * `10`, `"10"` and `null` stay different.
 */
export function parseParams(
  text: string,
): { params: TQueryParam[]; error?: undefined } | { error: string } {
  if (!text.trim()) return { params: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: `Parameters are not valid JSON. ${PARAMS_HINT}` };
  }
  const isParam = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  if (!Array.isArray(value) || !value.every(isParam)) {
    return {
      error: `Parameters must be an array of strings, numbers, booleans or null. ${PARAMS_HINT}`,
    };
  }
  return { params: value as TQueryParam[] };
}
