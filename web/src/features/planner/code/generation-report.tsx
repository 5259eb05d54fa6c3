import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, ShieldAlert, ShieldCheck, Tags } from 'lucide-react';
import type { TGenerationReport } from '@stratum/core/contract/planner/generation';
import { PolicyFindings } from './policy-findings';

export interface GenerationReportProps {
  report: TGenerationReport;
}

/** What the engine said: completions, warnings, names it had to fix, security findings. */
export function GenerationReport({ report }: GenerationReportProps) {
  const policy = report.policy;
  const open = policy.filter((f) => f.exempted === undefined).length;
  const clean =
    report.completions.length + report.warnings.length + report.naming.length + policy.length === 0;
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
      {policy.length > 0 ? (
        <Section
          title={`Security policy: ${open} open, ${policy.length - open} exempted`}
          icon={<ShieldAlert className="size-4 text-red-700" aria-hidden="true" />}
          isList={false}
        >
          <PolicyFindings findings={policy} />
        </Section>
      ) : (
        <p className="flex items-center gap-2 text-slate-700">
          <ShieldCheck className="size-4 text-emerald-700" aria-hidden="true" />
          Every security policy rule passes.
        </p>
      )}
    </div>
  );
}

function Section(props: { title: string; icon: ReactNode; children: ReactNode; isList?: boolean }) {
  return (
    <section aria-label={props.title}>
      <h4 className="flex items-center gap-1.5 font-semibold text-slate-900">
        {props.icon}
        {props.title}
      </h4>
      {props.isList === false ? (
        props.children
      ) : (
        <ul className="mt-1.5 list-disc space-y-1 pl-6 text-slate-700">{props.children}</ul>
      )}
    </section>
  );
}
