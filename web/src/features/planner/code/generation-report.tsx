import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, Tags } from 'lucide-react';
import type { TGenerationReport } from '@stratum/core/contract/planner/generation';

export interface GenerationReportProps {
  report: TGenerationReport;
}

/** What the engine said: completions it made, warnings, and names it had to fix. */
export function GenerationReport({ report }: GenerationReportProps) {
  const clean = report.completions.length + report.warnings.length + report.naming.length === 0;
  return (
    <div className="space-y-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-emerald-800">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        The design is valid{clean ? ', with nothing to report' : ''}.
        {report.upgradedFrom !== null && ` (read from design version ${report.upgradedFrom})`}
      </p>
      {report.completions.length > 0 && (
        <Section
          title="Added to complete the design"
          icon={<Info className="size-4 text-sky-700" aria-hidden="true" />}
        >
          {report.completions.map((c, i) => (
            <li key={i}>
              <code className="font-mono text-xs">{c.node}</code>: {c.message}
            </li>
          ))}
        </Section>
      )}
      {report.warnings.length > 0 && (
        <Section
          title="Warnings"
          icon={<AlertTriangle className="size-4 text-amber-700" aria-hidden="true" />}
        >
          {report.warnings.map((w, i) => (
            <li key={i}>
              {w.path && <code className="font-mono text-xs">{w.path}</code>} {w.message}
            </li>
          ))}
        </Section>
      )}
      {report.naming.length > 0 && (
        <Section
          title="Names fixed to the cloud's rules"
          icon={<Tags className="size-4 text-violet-700" aria-hidden="true" />}
        >
          {report.naming.map((n, i) => (
            <li key={i}>
              <code className="font-mono text-xs">{n.name}</code> →{' '}
              <code className="font-mono text-xs">{n.fix}</code>{' '}
              <span className="text-slate-600">
                ({n.reason}; {n.env})
              </span>
            </li>
          ))}
        </Section>
      )}
    </div>
  );
}

function Section(props: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section>
      <h4 className="flex items-center gap-1.5 font-semibold text-slate-900">
        {props.icon}
        {props.title}
      </h4>
      <ul className="mt-1.5 list-disc space-y-1 pl-6 text-slate-700">{props.children}</ul>
    </section>
  );
}
