import { ADMIN_MSG } from '@stratum/core/admin';
import { isApiError } from './api-client';

/** §8 texts of the system configuration (mailing, database) by the server's error code. */
export function systemErrorText(error: unknown, fallback: string): string {
  if (isApiError(error, 'system/database_not_configured')) return ADMIN_MSG.databaseNotConfigured;
  if (isApiError(error, 'system/mailing_not_configured')) return ADMIN_MSG.mailingNotConfigured;
  if (isApiError(error, 'system/smtp_incomplete')) return ADMIN_MSG.smtpIncomplete;
  if (isApiError(error, 'system/invalid_provider')) return ADMIN_MSG.invalidProvider;
  if (isApiError(error)) return error.message;
  return fallback;
}
