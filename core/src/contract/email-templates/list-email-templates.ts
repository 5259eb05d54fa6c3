import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZEmailTemplate } from './email-template';

export const ZListEmailTemplatesResponse = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(ZEmailTemplate) }),
});
export type TListEmailTemplatesResponse = z.infer<typeof ZListEmailTemplatesResponse>;

/** Staff (`templates.read`): the editable templates as the mailer uses them now. */
export const listEmailTemplates = defineEndpoint({
  method: 'GET',
  path: '/api/admin/email-templates',
  summary: 'Staff: email templates',
  auth: true,
  response: ZListEmailTemplatesResponse,
});
