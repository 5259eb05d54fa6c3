import { defineEndpoint } from '../endpoint';
import { ZMailingConfigResponse, ZSaveMailingConfigBody } from './mailing-config';

/**
 * Owner and admin (`system.manage`). Secrets are encrypted at rest (AES-256-GCM). 400
 * `system/invalid_provider` ('Invalid provider configuration') for a connection string that
 * is not an SMTP URL, or an enabled config without a host.
 */
export const saveMailingConfig = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/system/mailing',
  summary: 'Staff: save the mailing configuration',
  auth: true,
  body: ZSaveMailingConfigBody,
  response: ZMailingConfigResponse,
  audit: { action: 'system.mailing.save', target: 'mailing_config' },
});
