import type { TQueryResult } from '@stratum/core/contract/database/run-query';
import { Button } from '../../components/button';
import { ResultGrid } from './result-grid';

export interface ResultViewProps {
  result: TQueryResult;
  onRunWithWrites: () => void;
}

/** A statement's outcome: the rows, what changed, or PostgreSQL's own error. */
export function ResultView({ result, onRunWithWrites }: ResultViewProps) {
  if (!result.isOk) {
    return (
      <div
        role="alert"
        className="space-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm"
      >
        <p className="font-semibold text-red-800">
          {result.isTimeout ? 'Stopped by the statement timeout: ' : 'PostgreSQL: '}
          {result.message}
        </p>
        {result.detail && <p className="text-red-900">Detail: {result.detail}</p>}
        {result.hint && <p className="text-red-900">Hint: {result.hint}</p>}
        <p className="text-xs text-red-900">
          {[
            result.sqlState && `SQLSTATE ${result.sqlState}`,
            result.position !== null && `at character ${result.position}`,
            `${result.durationMs} ms`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {result.needsWrite && (
          <div className="pt-2">
            <p className="text-slate-800">The statement tried to change data in read-only mode.</p>
            <Button size="sm" variant="danger" className="mt-2" onClick={onRunWithWrites}>
              Run with write access…
            </Button>
          </div>
        )}
      </div>
    );
  }
  const summary =
    result.columns.length > 0
      ? `${result.rowCount} ${result.rowCount === 1 ? 'row' : 'rows'}`
      : `${result.command}: ${result.rowCount} ${result.rowCount === 1 ? 'row' : 'rows'} affected`;
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm text-slate-700">
        {summary} · {result.durationMs} ms · {result.isWrite ? 'committed' : 'read-only'}
      </p>
      {result.isTruncated && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Only the first {result.rowCount} rows are shown; the statement returned more. Add a LIMIT
          or a narrower WHERE to see the rest.
        </p>
      )}
      {result.columns.length > 0 && <ResultGrid columns={result.columns} rows={result.rows} />}
    </div>
  );
}
