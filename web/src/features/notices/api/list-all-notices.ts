import { queryOptions } from '@tanstack/react-query';
import { listAllNotices } from '@stratum/core/contract/notices/list-all-notices';
import { callApi } from '../../../lib/api-client';
import { NOTICE_KEYS } from './keys';

/** GET /api/admin/site-notices/all (staff): live ones first, highest priority, newest. */
export const allNoticesQuery = queryOptions({
  queryKey: NOTICE_KEYS.all,
  queryFn: ({ signal }) => callApi(listAllNotices, { signal }),
});
