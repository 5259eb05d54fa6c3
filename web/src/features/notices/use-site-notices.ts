import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { TSiteNotice } from '@stratum/core/contract/notices/site-notice';
import { NOTICE_MSG, NOTICE_ROTATION_MS } from '@stratum/core/notices';
import { siteNoticesQuery, useDismissSiteNotice } from './api/get-site-notices';
import { readDismissedNotices, rememberDismissedNotice } from './dismissed-notices';
import { visibleNotices } from './notice-rotation';

/**
 * §4 site notices: reloaded every 60 s; dismissed ones hidden (kept locally per user and sent
 * to the server); an expiry that passes between reloads hides the notice at the next tick.
 */
export function useSiteNotices(userId: string) {
  const { data, errorUpdateCount } = useQuery(siteNoticesQuery);
  const { mutate: sendDismissal } = useDismissSiteNotice();
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
    sendDismissal(notice.id);
  };

  return { notices, dismiss };
}
