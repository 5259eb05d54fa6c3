import { defineEndpoint } from '../endpoint';
import { ZEmailTemplateResponse, ZTemplateContent, ZTemplateParams } from './email-template';

/** Staff (`templates.manage`): the mailer uses the edited version from the next mail on. */
export const updateEmailTemplate = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/email-templates/:id',
  summary: "Staff: edit an email template's subject, HTML and text",
  auth: true,
  params: ZTemplateParams,
  body: ZTemplateContent,
  response: ZEmailTemplateResponse,
  audit: { action: 'templates.update', target: 'email_template' },
});
