import type { TErrorLog } from '@stratum/core/contract/error-logs/error-log';
import { Badge } from '../../components/badge';
import type { DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../lib/format-date';

/** The error-log table's columns; the message opens the report. */
export const errorLogColumns = (onOpen: (log: TErrorLog) => void): DataTableColumn<TErrorLog>[] => [
  {
    key: 'message',
    header: 'Error',
    className: 'max-w-96',
    cell: (e) => (
      <button
        type="button"
        onClick={() => onOpen(e)}
        className="line-clamp-2 text-left font-medium break-words text-brand-700 hover:underline"
      >
        {e.message}
      </button>
    ),
  },
  {
    key: 'level',
    header: 'Level',
    cell: (e) => (
      <Badge tone={e.level === 'error' || e.level === 'fatal' ? 'warning' : 'neutral'}>
        {e.level}
      </Badge>
    ),
  },
  {
    key: 'where',
    header: 'Where',
    cell: (e) => (
      <span className="break-all">
        {[e.component, e.action].filter(Boolean).join(' · ') || '—'}
      </span>
    ),
  },
  {
    key: 'user',
    header: 'User',
    cell: (e) => <span className="break-all">{e.userEmail ?? 'Signed out'}</span>,
  },
  { key: 'at', header: 'Reported', cell: (e) => formatDateTime(e.receivedAt) },
];
