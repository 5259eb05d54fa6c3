import type { TCloud } from '@stratum/core/iac/types';

export const CLOUD_LABELS: Record<TCloud, string> = {
  aws: 'AWS',
  azure: 'Azure',
  gcp: 'Google Cloud',
  oci: 'Oracle Cloud',
};

/** Prices older than this show a stale badge. */
export const STALE_AFTER_DAYS = 180;

export function isStale(asOf: string | null, now = Date.now()): boolean {
  if (!asOf) return false;
  return now - Date.parse(asOf) > STALE_AFTER_DAYS * 24 * 3600 * 1000;
}

export const formatBytes = (n: number): string =>
  n >= 1024 ** 2
    ? `${(n / 1024 ** 2).toFixed(1)} MB`
    : n >= 1024
      ? `${(n / 1024).toFixed(0)} KB`
      : `${n} B`;

export const formatPrice = (n: number | null): string =>
  n === null ? '—' : `$${n.toLocaleString('en-US', { maximumFractionDigits: 10 })}`;
