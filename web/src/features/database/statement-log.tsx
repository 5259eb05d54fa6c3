import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/badge';
import { Panel } from '../../components/panel';
import { formatDateTime } from '../../lib/format-date';
import { databaseLogQuery } from './api/list-database-log';

/** The newest statements and connection actions (the server keeps 1000), without values. */
export function StatementLog() {
  const log = useQuery(databaseLogQuery());
  return (
    <Panel title="Statement log">
      {log.isPending && <p className="text-sm text-slate-600">Loading…</p>}
      {log.isError && (
        <p className="text-sm text-red-800">The statement log could not be loaded.</p>
      )}
      {log.data?.length === 0 && <p className="text-sm text-slate-600">Nothing has run yet.</p>}
      {log.data && log.data.length > 0 && (
        <ol className="divide-y divide-slate-100 text-sm" aria-label="Statements, newest first">
          {log.data.map((entry) => (
            <li key={entry.id} className="py-2">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                <Badge tone={entry.isOk ? 'success' : 'warning'}>
                  {entry.isOk ? 'ok' : 'failed'}
                </Badge>
                <span className="font-medium text-slate-800">{entry.action}</span>
                {entry.isWrite && <Badge tone="brand">write</Badge>}
                <span>{formatDateTime(entry.at)}</span>
                <span className="break-all">{entry.actorEmail}</span>
                <span>{entry.durationMs} ms</span>
                {entry.rowCount !== null && <span>{entry.rowCount} rows</span>}
              </div>
              {entry.statement && (
                <pre className="mt-1 overflow-x-auto font-mono text-xs whitespace-pre-wrap text-slate-900">
                  {entry.statement}
                </pre>
              )}
              {entry.params.length > 0 && (
                <p className="text-xs text-slate-600">Parameters: {entry.params.join(', ')}</p>
              )}
              {entry.error && <p className="text-xs break-words text-red-800">{entry.error}</p>}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
