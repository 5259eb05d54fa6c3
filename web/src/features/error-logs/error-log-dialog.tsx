import type { TErrorLog } from '@stratum/core/contract/error-logs/error-log';
import { Dialog } from '../../components/dialog';
import { formatDateTime } from '../../lib/format-date';

export interface ErrorLogDialogProps {
  log: TErrorLog;
  onClose: () => void;
}

/** One report with every §3 field: where, who, the stack and the metadata. */
export function ErrorLogDialog({ log, onClose }: ErrorLogDialogProps) {
  const rows: [string, string][] = [
    ['Level', log.level],
    ['Happened', formatDateTime(log.timestamp)],
    ['Received', formatDateTime(log.receivedAt)],
    ['Component', log.component ?? '—'],
    ['Action', log.action ?? '—'],
    ['User', log.userEmail ?? 'Signed out'],
    ['Address', log.url ?? '—'],
    ['Browser', log.userAgent ?? '—'],
  ];
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Error report"
      description={log.message}
      className="w-[min(48rem,calc(100vw-2rem))]"
    >
      <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {log.stack && <Block label="Stack" text={log.stack} />}
      {log.metadata && <Block label="Metadata" text={JSON.stringify(log.metadata, null, 2)} />}
    </Dialog>
  );
}

function Block({ label, text }: { label: string; text: string }) {
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{label}</h3>
      <pre
        tabIndex={0}
        className="mt-1 max-h-60 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800"
      >
        {text}
      </pre>
    </>
  );
}
