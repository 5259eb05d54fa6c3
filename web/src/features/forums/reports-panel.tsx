import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatDateTime } from '../../lib/format-date';
import { reportsQuery, useResolveReport } from './api/forums';
import { failed } from './post-card';

export interface ReportsPanelProps {
  onOpenThread: (threadId: string) => void;
}

/** Moderators: the reported posts, oldest first; open the thread to act, then close the report. */
export function ReportsPanel({ onOpenThread }: ReportsPanelProps) {
  const [page, setPage] = useState(1);
  const result = useQuery(reportsQuery('open', page));
  const resolve = useResolveReport();
  const data = result.data?.data;
  if (result.isPending) return <Spinner className="mx-auto size-6" />;
  if (!data) return <p className="text-sm text-red-700">The reports could not be loaded.</p>;
  if (data.items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        No open reports.
      </p>
    );
  }
  const close = (id: string, outcome: 'dismissed' | 'actioned') =>
    void resolve
      .mutateAsync({ id, outcome })
      .then((r) => toast.success(r.message))
      .catch(failed('The report could not be closed'));
  return (
    <section aria-label="Reports">
      <ul className="space-y-3">
        {data.items.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-900">
              <span className="font-semibold">{r.reporter.name}</span> reported{' '}
              <span className="font-semibold">{r.post.author.name}</span> in “{r.post.threadTitle}”
              {r.post.isHidden && (
                <Badge tone="warning" className="ml-2">
                  Hidden
                </Badge>
              )}
            </p>
            <p className="mt-1 text-sm text-slate-700">Reason: {r.reason}</p>
            <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 text-sm text-slate-600">
              {r.post.excerpt}
            </blockquote>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <span className="text-xs text-slate-600">{formatDateTime(r.createdAt)}</span>
              <span className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => onOpenThread(r.post.threadId)}>
                  Open thread
                </Button>
                <Button size="sm" variant="secondary" onClick={() => close(r.id, 'dismissed')}>
                  Dismiss
                </Button>
                <Button size="sm" onClick={() => close(r.id, 'actioned')}>
                  Mark handled
                </Button>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageSize={20}
        total={data.total}
        onPageChange={setPage}
        label="reports"
      />
    </section>
  );
}
