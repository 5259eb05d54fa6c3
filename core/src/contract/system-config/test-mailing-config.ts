import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { zEmail } from '../common';

export const ZTestMailingConfigBody = z.object({
  /** Where the test mail goes; the signed-in staff member's address when omitted. */
  to: zEmail().optional(),
});
export type TTestMailingConfigBody = z.input<typeof ZTestMailingConfigBody>;

export const ZTestMailingConfigResponse = z.object({
  success: z.literal(true),
  data: z.object({
    isDelivered: z.boolean(),
    message: z.string(),
    /** Why delivery failed, as the SMTP server or the network said it. */
    reason: z.string().nullable(),
    to: z.string(),
    messageId: z.string().nullable(),
  }),
});
export type TTestMailingConfigResponse = z.infer<typeof ZTestMailingConfigResponse>;

/**
 * Owner and admin (`system.manage`): sends a real test mail through the saved config, enabled
 * or not. 400 `system/mailing_not_configured` ('Mailing service not configured') without a
 * saved config, `system/smtp_incomplete` ('SMTP configuration incomplete') without host and
 * user.
 */
export const testMailingConfig = defineEndpoint({
  method: 'POST',
  path: '/api/admin/system/mailing/test',
  summary: 'Staff: send a test mail through the saved mailing configuration',
  auth: true,
  body: ZTestMailingConfigBody,
  response: ZTestMailingConfigResponse,
  audit: { action: 'system.mailing.test', target: 'mailing_config' },
});
