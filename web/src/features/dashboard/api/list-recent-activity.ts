import { queryOptions } from '@tanstack/react-query';
import { listRecentActivity } from '@stratum/core/contract/activity/list-recent-activity';
import { callApi } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/activity/recent: the account's own recent events, from its sessions. */
export const recentActivityQuery = queryOptions({
  queryKey: dashboardKeys.recentActivity,
  queryFn: ({ signal }) => callApi(listRecentActivity, { signal }),
  select: (response) => response.data.items,
});
