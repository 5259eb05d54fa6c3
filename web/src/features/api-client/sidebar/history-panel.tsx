import { useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListState } from '../../../components/list-state';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import {
  historyEntryQuery,
  historyQuery,
  useClearHistory,
  useDeleteHistoryEntry,
  type THistorySummary,
} from '../api/history';
import { METHOD_COLOURS } from '../editor/url-bar';
import { formatMs } from '../format';
import { statusTone } from '../response/status-line';
import { workspace } from '../workspace/workspace-store';

/** The last requests sent (newest first, at most 200); open one again in a new tab. */
export function HistoryPanel({ onOpened }: { onOpened?: () => void }) {
  const history = useQuery(historyQuery());
  const queryClient = useQueryClient();
  const remove = useDeleteHistoryEntry();
  const clear = useClearHistory();
  const [isClearing, setIsClearing] = useState(false);
  const open = async (entry: THistorySummary) => {
    try {
      const full = await queryClient.fetchQuery(historyEntryQuery(entry.id));
      workspace.open({
        name: `${full.method} ${full.url}`.slice(0, API_LIMITS.nameChars),
        request: full.request,
      });
      onOpened?.();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'That request could not be opened.');
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600">
        The last {API_LIMITS.historyEntries} requests you sent.
      </p>
      <ListState result={history} what="history">
        {(entries) =>
          entries.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing sent yet.</p>
          ) : (
            <>
              <ul aria-label="History" className="space-y-1">
                {entries.map((entry) => (
                  <li
                    key={entry.id}
                    className="group flex items-center gap-1 rounded-md hover:bg-slate-100"
                  >
                    <button
                      type="button"
                      onClick={() => void open(entry)}
                      className="min-w-0 flex-1 px-2 py-1.5 text-left"
                    >
                      <span className="flex items-center gap-2 text-sm">
                        <span
                          className={clsx(
                            'w-12 shrink-0 font-mono text-[11px] font-semibold',
                            METHOD_COLOURS[entry.method] ?? 'text-slate-700',
                          )}
                        >
                          {entry.method}
                        </span>
                        <span className="truncate font-mono text-xs text-slate-900">
                          {entry.url}
                        </span>
                      </span>
                      <span className="mt-0.5 flex items-center gap-2 pl-14 text-xs text-slate-600">
                        {entry.status !== null && (
                          <span
                            className={clsx(
                              'rounded-full px-1.5 font-mono ring-1 ring-inset',
                              statusTone(entry.status),
                            )}
                          >
                            {entry.status}
                          </span>
                        )}
                        {entry.status === null && entry.error && (
                          <span className="truncate text-red-700">{entry.error}</span>
                        )}
                        <span>{formatMs(entry.durationMs)}</span>
                        <span>{formatDateTime(entry.at)}</span>
                      </span>
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${entry.method} ${entry.url} from history`}
                      onClick={() => remove.mutate(entry.id)}
                      className="rounded p-1.5 text-slate-600 hover:bg-slate-200 hover:text-red-700"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
              <Button size="sm" variant="ghost" onClick={() => setIsClearing(true)}>
                Clear history
              </Button>
            </>
          )
        }
      </ListState>
      <ConfirmDialog
        isOpen={isClearing}
        onOpenChange={setIsClearing}
        title="Clear the history?"
        description="Every request in your history is deleted. Collections are not touched."
        confirmLabel="Clear history"
        isDanger
        isBusy={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setIsClearing(false) })}
      />
    </div>
  );
}
