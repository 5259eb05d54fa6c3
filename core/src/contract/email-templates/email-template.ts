import { z } from 'zod';
import { zString } from '../common';

/**
 * §3 Email template: the three the spec names. The sign-up code and password-reset mails are
 * not editable: a broken edit there would lock every new user out.
 */
export const EDITABLE_TEMPLATE_IDS = [
  'welcome',
  'activation_request',
  'subscription_activated',
] as const;
export const ZTemplateId = z.enum(EDITABLE_TEMPLATE_IDS);
export type TTemplateId = z.infer<typeof ZTemplateId>;

export const TEMPLATE_LIMITS = { subject: 300, html: 100_000, text: 50_000 } as const;

export const ZEmailTemplate = z.object({
  id: ZTemplateId,
  name: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string(),
  /** The `{{name}}` slots the mail fills. */
  variables: z.array(z.string()),
  /** Whether staff edited it (false: the built-in default). */
  isCustomized: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

/** Any id: an unknown one is answered 404 'Template not found' (§8). */
export const ZTemplateParams = z.object({ id: zString(64) });

/** Subject, HTML and text as staff write them; HTML is kept as written (it is the mail body). */
export const ZTemplateContent = z.object({
  subject: zString(TEMPLATE_LIMITS.subject)
    .regex(/^[^\r\n]*$/, 'The subject is one line')
    .pipe(z.string().trim().min(1, 'Enter a subject')),
  htmlContent: zString(TEMPLATE_LIMITS.html).pipe(z.string().trim().min(1, 'Enter the HTML')),
  textContent: zString(TEMPLATE_LIMITS.text).pipe(z.string().trim().min(1, 'Enter the text')),
});
export type TTemplateContent = z.output<typeof ZTemplateContent>;

export const ZEmailTemplateResponse = z.object({
  success: z.literal(true),
  data: z.object({ template: ZEmailTemplate }),
});
export type TEmailTemplateResponse = z.infer<typeof ZEmailTemplateResponse>;
