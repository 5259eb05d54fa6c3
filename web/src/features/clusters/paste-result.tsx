import { CheckCircle2 } from 'lucide-react';
import type { TPasteAnswer } from './types';
import { WarningList } from './warning-list';

/** What a pasted kubeconfig gave: one line per context, then the server's warnings. */
export function PasteResult({ answer }: { answer: TPasteAnswer }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <ul className="space-y-1">
        {answer.data.map((cluster) => (
          <li key={cluster.id} className="flex min-w-0 items-start gap-2">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            <span className="min-w-0 break-words">
              Added <strong>{cluster.name}</strong> (context {cluster.context}) —{' '}
              <code className="font-mono text-xs">{cluster.server}</code>
            </span>
          </li>
        ))}
      </ul>
      <WarningList warnings={answer.warnings} />
    </div>
  );
}
