import { defineEndpoint } from '../endpoint';
import { ZMailingConfigResponse } from './mailing-config';

/** Owner and admin (`system.manage`). */
export const getMailingConfig = defineEndpoint({
  method: 'GET',
  path: '/api/admin/system/mailing',
  summary: 'Staff: the mailing configuration (without secrets) and where mail goes now',
  auth: true,
  response: ZMailingConfigResponse,
});
