import { useQuery } from '@tanstack/react-query';
import { LogIn, LogOut, MailCheck, UserPlus } from 'lucide-react';
import type { TActivityKind } from '@stratum/core/contract/activity/list-recent-activity';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { activityDetail, activityTitle, relativeTime } from './activity-text';
import { recentActivityQuery } from './api/list-recent-activity';

const ICONS: Record<TActivityKind, typeof LogIn> = {
  'account-created': UserPlus,
  'email-verified': MailCheck,
  'signed-in': LogIn,
  'session-ended': LogOut,
};

/** The account's own recent events, from the server's sessions. */
export function RecentActivityPanel() {
  const { data, isPending, isError, refetch } = useQuery(recentActivityQuery);
  const now = Date.now();

  return (
    <Panel title="Recent activity">
      {isPending && (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading activity…
        </div>
      )}
      {isError && (
        <div className="flex items-center gap-3 text-sm text-slate-700">
          Recent activity could not be loaded.
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      )}
      {data && (
        <ol className="divide-y divide-slate-100" aria-label="Recent activity">
          {data.map((item) => {
            const Icon = ICONS[item.kind];
            const detail = activityDetail(item);
            return (
              <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">
                    {activityTitle(item)}
                    {item.isCurrentSession && item.kind === 'signed-in' && (
                      <Badge tone="success" className="ml-2">
                        This session
                      </Badge>
                    )}
                  </p>
                  {detail && <p className="truncate text-xs text-slate-600">{detail}</p>}
                </div>
                <time
                  dateTime={item.at}
                  title={new Date(item.at).toLocaleString()}
                  className="shrink-0 text-xs text-slate-600"
                >
                  {relativeTime(item.at, now)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
