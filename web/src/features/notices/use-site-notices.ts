import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { dismissSiteNotice } from '@stratum/core/contract/notices/dismiss-site-notice';
import { getSiteNotices } from '@stratum/core/contract/notices/get-site-notices';
import type { TSiteNotice } from '@stratum/core/contract/notices/site-notice';
import { NOTICE_MSG, NOTICE_REFRESH_MS, NOTICE_ROTATION_MS } from '@stratum/core/notices';
import { callApi } from '../../lib/api-client';
import { readDismissedNotices, rememberDismissedNotice } from './dismissed-notices';
import { visibleNotices } from './notice-rotation';

export const SITE_NOTICES_QUERY_KEY = ['site-notices'] as const;

/**
 * §4 site notices: reloaded every 60 s; dismissed ones hidden (kept locally per user and sent
 * to the server); an expiry that passes between reloads hides the notice at the next tick.
 */
export function useSiteNotices(userId: string) {
  const { data, errorUpdateCount } = useQuery({
    queryKey: SITE_NOTICES_QUERY_KEY,
    queryFn: ({ signal }) => callApi(getSiteNotices, { signal }),
    refetchInterval: NOTICE_REFRESH_MS,
    retry: false,
  });
  const [localDismissed, setLocalDismissed] = useState(() => readDismissedNotices(userId));
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    if (errorUpdateCount > 0) toast.error(NOTICE_MSG.loadFailed);
  }, [errorUpdateCount]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), NOTICE_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);

  const notices = useMemo(() => {
    const dismissed = new Set([...localDismissed, ...(data?.dismissed ?? [])]);
    return visibleNotices(data?.data ?? [], dismissed, now);
  }, [data, localDismissed, now]);

  const dismiss = (notice: TSiteNotice) => {
    setLocalDismissed(rememberDismissedNotice(userId, notice.id));
    // Remembered locally at once; the server keeps it for the user's other browsers.
    callApi(dismissSiteNotice, { params: { id: notice.id } }).catch(() => undefined);
  };

  return { notices, dismiss };
}
