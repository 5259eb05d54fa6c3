import { defineEndpoint } from '../endpoint';
import { ZEmailTemplateResponse, ZTemplateParams } from './email-template';

/** Staff (`templates.manage`): back to the built-in default. */
export const resetEmailTemplate = defineEndpoint({
  method: 'POST',
  path: '/api/admin/email-templates/:id/reset',
  summary: 'Staff: reset an email template to its default',
  auth: true,
  params: ZTemplateParams,
  response: ZEmailTemplateResponse,
  audit: { action: 'templates.reset', target: 'email_template' },
});
