import { defineEndpoint } from '../endpoint';
import { ZMailingConfigResponse } from './mailing-config';

/** Owner and admin (`system.manage`): mail goes back to SMTP_URL or the outbox. */
export const deleteMailingConfig = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/system/mailing',
  summary: 'Staff: remove the saved mailing configuration',
  auth: true,
  response: ZMailingConfigResponse,
  audit: { action: 'system.mailing.delete', target: 'mailing_config' },
});
