import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';

/** Staff (`notices.manage`). */
export const deleteNotice = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/site-notices/:id',
  summary: 'Staff: delete a site notice',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'notices.delete', target: 'site_notice' },
});
