import { queryOptions, useMutation } from '@tanstack/react-query';
import { dismissSiteNotice } from '@stratum/core/contract/notices/dismiss-site-notice';
import { getSiteNotices } from '@stratum/core/contract/notices/get-site-notices';
import { NOTICE_REFRESH_MS } from '@stratum/core/notices';
import { callApi } from '../../../lib/api-client';
import { NOTICE_KEYS } from './keys';

/** GET /api/admin/site-notices: the live notices and this user's dismissals, every 60 s (§4). */
export const siteNoticesQuery = queryOptions({
  queryKey: NOTICE_KEYS.banner,
  queryFn: ({ signal }) => callApi(getSiteNotices, { signal }),
  refetchInterval: NOTICE_REFRESH_MS,
  retry: false,
});

/** POST /api/admin/site-notices/{id}/dismiss: remembered for the user's other browsers. */
export function useDismissSiteNotice() {
  return useMutation({
    mutationFn: (id: string) => callApi(dismissSiteNotice, { params: { id } }),
  });
}
