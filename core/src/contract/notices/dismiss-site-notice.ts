import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';

/**
 * Any signed-in user: remembers the dismissal for this user. Dismissing twice is fine.
 * 404 for an unknown notice; 400 `notices/not_dismissible` when the notice is not dismissible.
 */
export const dismissSiteNotice = defineEndpoint({
  method: 'POST',
  path: '/api/admin/site-notices/:id/dismiss',
  summary: 'Dismiss a site notice for the signed-in user',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'notices.dismiss', target: 'site_notice' },
});
