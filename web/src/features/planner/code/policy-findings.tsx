import { ExternalLink } from 'lucide-react';
import type { TPolicyFindingReport } from '@stratum/core/contract/planner/generation';

export interface PolicyFindingsProps {
  findings: readonly TPolicyFindingReport[];
}

const SEVERITY_CLASS: Record<TPolicyFindingReport['severity'], string> = {
  critical: 'bg-red-100 text-red-800',
  high: 'bg-orange-100 text-orange-800',
  medium: 'bg-amber-100 text-amber-800',
  low: 'bg-slate-100 text-slate-700',
};

/**
 * Security policy findings: open ones first, then those the design exempts, each with the
 * rule, the component and resource, and the cloud documentation the rule comes from.
 */
export function PolicyFindings({ findings }: PolicyFindingsProps) {
  const ordered = [
    ...findings.filter((f) => f.exempted === undefined),
    ...findings.filter((f) => f.exempted !== undefined),
  ];
  return (
    <ul className="mt-1.5 space-y-2 text-slate-700">
      {ordered.map((f, i) => (
        <li key={`${f.rule}-${f.address}-${i}`} className="rounded border border-slate-200 p-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded px-1.5 text-xs font-medium ${SEVERITY_CLASS[f.severity]}`}>
              {f.severity}
            </span>
            <code className="font-mono text-xs">{f.rule}</code>
            <span className="font-medium text-slate-900">{f.title}</span>
          </div>
          <p className="mt-1">
            <code className="font-mono text-xs">{f.node || 'shared'}</code> ·{' '}
            <code className="font-mono text-xs">{f.address}</code>: {f.message}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-3 text-xs">
            {f.exempted !== undefined && (
              <span className="font-medium text-slate-900">exempted: {f.exempted}</span>
            )}
            <a
              href={f.docs}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sky-700 underline"
            >
              Documentation for {f.rule}
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
