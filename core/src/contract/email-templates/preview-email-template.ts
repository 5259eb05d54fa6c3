import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { TEMPLATE_LIMITS, ZTemplateParams } from './email-template';

/** A draft to render (the saved version for omitted parts) and values for its slots. */
export const ZPreviewEmailTemplateBody = z.object({
  subject: zString(TEMPLATE_LIMITS.subject).optional(),
  htmlContent: zString(TEMPLATE_LIMITS.html).optional(),
  textContent: zString(TEMPLATE_LIMITS.text).optional(),
  /** Overrides the sample values. */
  variables: z.record(zString(100), zString(1000)).optional(),
});
export type TPreviewEmailTemplateBody = z.input<typeof ZPreviewEmailTemplateBody>;

export const ZPreviewEmailTemplateResponse = z.object({
  success: z.literal(true),
  data: z.object({
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    /** The values used: samples, overridden by the request's. */
    variables: z.record(z.string(), z.string()),
  }),
});
export type TPreviewEmailTemplateResponse = z.infer<typeof ZPreviewEmailTemplateResponse>;

/** Staff (`templates.read`): renders exactly as the mailer would; nothing is sent or saved. */
export const previewEmailTemplate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/email-templates/:id/preview',
  summary: 'Staff: render an email template with sample values',
  auth: true,
  params: ZTemplateParams,
  body: ZPreviewEmailTemplateBody,
  response: ZPreviewEmailTemplateResponse,
  audit: { exempt: 'a preview: renders the template with sample values and saves nothing' },
});
