import { ADMIN_MSG } from '@stratum/core/admin';
import { isApiError } from '../../lib/api-client';

/** §8 texts of the system configuration by the server's error code. */
export function systemErrorText(error: unknown, fallback: string): string {
  if (isApiError(error, 'system/database_not_configured')) return ADMIN_MSG.databaseNotConfigured;
  if (isApiError(error, 'system/mailing_not_configured')) return ADMIN_MSG.mailingNotConfigured;
  if (isApiError(error, 'system/smtp_incomplete')) return ADMIN_MSG.smtpIncomplete;
  if (isApiError(error, 'system/invalid_provider')) return ADMIN_MSG.invalidProvider;
  if (isApiError(error)) return error.message;
  return fallback;
}

/** 1536 → "1.5 KB". */
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

/** Where mail goes now, in words. */
export const TRANSPORT_LABELS = {
  saved: 'the saved configuration below',
  environment: 'the server’s SMTP_URL setting',
  outbox: 'the outbox folder on the server (nothing is delivered)',
} as const;
