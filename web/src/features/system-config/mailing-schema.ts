import { z } from 'zod';
import { zEmail } from '@stratum/core/contract/common';
import {
  ZMailProvider,
  ZSaveMailingConfigBody,
  type TMailingConfigView,
  type TSaveMailingConfigBody,
} from '@stratum/core/contract/system-config/mailing-config';
import { zOptionalWholeText } from '../../lib/form-schemas';

const field = ZSaveMailingConfigBody.shape;
const REPLY_TO_MESSAGE = 'Enter a valid reply-to address';

/**
 * The contract's save body as the inputs hold it: each field checked by the contract's own
 * schema, the port as text, blanks left out, and the saved password kept unless one is typed
 * or "Remove the saved password" is ticked.
 */
export const ZMailingForm = z
  .object({
    provider: ZMailProvider,
    isEnabled: z.boolean(),
    senderEmail: field.senderEmail,
    fromName: field.fromName.unwrap(),
    replyTo: z
      .string()
      .trim()
      .refine((v) => v === '' || zEmail().safeParse(v).success, REPLY_TO_MESSAGE),
    smtpHost: field.smtpHost.unwrap(),
    smtpPort: zOptionalWholeText(1, 65535),
    smtpUser: field.smtpUser.unwrap(),
    // A disabled input (the saved password being removed) gives no value.
    smtpPassword: field.smtpPassword,
    isRemovingPassword: z.boolean(),
    smtpSecure: z.boolean(),
  })
  .transform((v): TSaveMailingConfigBody => ({
    provider: v.provider,
    isEnabled: v.isEnabled,
    senderEmail: v.senderEmail,
    fromName: v.fromName || undefined,
    replyTo: v.replyTo.toLowerCase(),
    smtpHost: v.smtpHost || undefined,
    smtpPort: v.smtpPort,
    smtpUser: v.smtpUser || undefined,
    smtpPassword: v.isRemovingPassword ? '' : v.smtpPassword || undefined,
    smtpSecure: v.smtpSecure,
  }));
export type TMailingFormValues = z.input<typeof ZMailingForm>;

/** The inputs filled from the saved configuration; secrets are never shown back. */
export const mailingFormDefaults = (config: TMailingConfigView | null): TMailingFormValues => ({
  provider: config?.provider ?? 'smtp',
  isEnabled: config?.isEnabled ?? false,
  senderEmail: config?.senderEmail ?? '',
  fromName: config?.fromName ?? '',
  replyTo: config?.replyTo ?? '',
  smtpHost: config?.smtpHost ?? '',
  smtpPort: config?.smtpPort ? String(config.smtpPort) : '',
  smtpUser: config?.smtpUser ?? '',
  smtpPassword: '',
  isRemovingPassword: false,
  smtpSecure: config?.smtpSecure ?? false,
});
