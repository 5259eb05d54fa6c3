import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import type { TAuditEntry } from '@stratum/core/contract/audit/list-audit-log';
import { auditTargetTypeLabel } from './audit-filters';

export interface AuditTargetProps {
  entry: Pick<TAuditEntry, 'targetType' | 'targetId' | 'targetLabel'>;
}

/** The target by name (resolved by the server), its kind, and its id as a tooltip and a copy. */
export function AuditTarget({ entry }: AuditTargetProps) {
  const kind = auditTargetTypeLabel(entry.targetType);
  const { targetId } = entry;
  const name = entry.targetLabel ?? (targetId ? `${kind} ${targetId}` : kind);
  return (
    <span className="flex min-w-0 items-start gap-1">
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]" title={targetId ?? undefined}>
        <span className="text-slate-900">{name}</span>
        {entry.targetLabel && kind !== entry.targetLabel && (
          <span className="block text-xs text-slate-600">{kind}</span>
        )}
      </span>
      {targetId && (
        <button
          type="button"
          title={`Copy id ${targetId}`}
          className="shrink-0 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          onClick={() =>
            void navigator.clipboard
              .writeText(targetId)
              .then(() => toast.success('Id copied'))
              .catch(() => toast.error(`Copy failed; the id is ${targetId}`))
          }
        >
          <Copy className="size-3.5" aria-hidden="true" />
          <span className="sr-only">Copy the id of {name}</span>
        </button>
      )}
    </span>
  );
}
