import type { TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import { Dialog } from '../../components/dialog';
import { formatDateTime } from '../../lib/format-date';

export interface AuditEntryDialogProps {
  entry: TAuditEntry;
  onClose: () => void;
}

/** One entry of the trail: who, from where, and the record before and after. */
export function AuditEntryDialog({ entry, onClose }: AuditEntryDialogProps) {
  const target = entry.targetLabel ? ` · ${entry.targetLabel}` : '';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={`${entry.action}${target}`}
      description={`${entry.actorEmail} (${entry.actorRole}) · ${formatDateTime(entry.at)}${entry.ip ? ` · ${entry.ip}` : ''}`}
      className="w-[min(52rem,calc(100vw-2rem))]"
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Json label="Before" value={entry.before} />
        <Json label="After" value={entry.after} />
      </div>
    </Dialog>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
      <pre
        tabIndex={0}
        aria-label={label}
        className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800"
      >
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
