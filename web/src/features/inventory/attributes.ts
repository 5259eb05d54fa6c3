import type { TAssetDetail } from '@stratum/core/contract/inventory/model';

/** Top-level attribute names under which the state marked something sensitive. */
export function maskedKeys(paths: TAssetDetail['maskedPaths']): Set<string> {
  return new Set(paths.flatMap((p) => (typeof p[0] === 'string' ? [p[0]] : [])));
}

/** An attribute as text: strings as they are, the rest as indented JSON, unset as "null". */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (value === undefined) return '(not set)';
  return JSON.stringify(value, null, 2);
}
