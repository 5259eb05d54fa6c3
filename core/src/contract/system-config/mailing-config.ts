import { z } from 'zod';
import { zEmail, zString, zText } from '../common';

/** §3 Mailing config providers; every one sends over SMTP (sendgrid is mapped to smtp). */
export const MAIL_PROVIDERS = ['azure', 'smtp', 'sendgrid'] as const;
export const ZMailProvider = z.enum(MAIL_PROVIDERS);
export type TMailProvider = z.infer<typeof ZMailProvider>;

/** Where mail goes now: the saved config, SMTP_URL, or the outbox folder. */
export const ZMailTransport = z.enum(['saved', 'environment', 'outbox']);

/** What staff send. A secret left out keeps the stored one; an empty string removes it. */
export const ZSaveMailingConfigBody = z.object({
  provider: ZMailProvider,
  /** When true and complete, it replaces SMTP_URL for every mail this instance sends. */
  isEnabled: z.boolean(),
  senderEmail: zEmail('Enter a valid sender email address'),
  fromName: zText(100).optional(),
  replyTo: z.union([zEmail('Enter a valid reply-to address'), z.literal('')]).optional(),
  smtpHost: zText(255).optional(),
  smtpPort: z.number().int().min(1).max(65535).optional(),
  smtpUser: zText(255).optional(),
  smtpPassword: zString(1024).optional(),
  /** TLS from the first byte (port 465); otherwise STARTTLS when offered. */
  smtpSecure: z.boolean().default(false),
  /** An `smtp://` or `smtps://` URL with credentials, used instead of the separate fields. */
  connectionString: zString(2048).optional(),
});
export type TSaveMailingConfigBody = z.input<typeof ZSaveMailingConfigBody>;
export type TSaveMailingConfigInput = z.output<typeof ZSaveMailingConfigBody>;

/** The stored config as the browser sees it: secrets never, only whether they are set. */
export const ZMailingConfigView = z.object({
  provider: ZMailProvider,
  /** The provider actually used: always smtp. */
  effectiveProvider: z.literal('smtp'),
  isEnabled: z.boolean(),
  senderEmail: z.string(),
  fromName: z.string().nullable(),
  replyTo: z.string().nullable(),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().nullable(),
  smtpUser: z.string().nullable(),
  smtpSecure: z.boolean(),
  hasPassword: z.boolean(),
  hasConnectionString: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TMailingConfigView = z.infer<typeof ZMailingConfigView>;

export const ZMailingConfigResponse = z.object({
  success: z.literal(true),
  data: z.object({ config: ZMailingConfigView.nullable(), transport: ZMailTransport }),
});
export type TMailingConfigResponse = z.infer<typeof ZMailingConfigResponse>;
