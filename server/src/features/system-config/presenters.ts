import type { TMailingConfigView } from '@stratum/core/contract/system-config/mailing-config';
import type { MailingRow } from './mailing-repository';

export interface MailingSecrets {
  smtpPassword?: string;
  connectionString?: string;
}

/** The only place the stored config becomes what a browser sees: secrets become flags. */
export function presentMailingConfig(row: MailingRow, secrets: MailingSecrets): TMailingConfigView {
  return {
    provider: row.provider,
    effectiveProvider: 'smtp',
    isEnabled: row.is_enabled,
    senderEmail: row.sender_email,
    fromName: row.from_name,
    replyTo: row.reply_to,
    smtpHost: row.smtp_host,
    smtpPort: row.smtp_port,
    smtpUser: row.smtp_user,
    smtpSecure: row.smtp_secure,
    hasPassword: Boolean(secrets.smtpPassword),
    hasConnectionString: Boolean(secrets.connectionString),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_email,
  };
}
