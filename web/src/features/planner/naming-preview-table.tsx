import clsx from 'clsx';
import { CheckCircle2, CircleAlert, Wand2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { TPlannerState } from '@stratum/core/planner/state';
import { Button } from '../../components/button';
import { fixesFor } from './naming-fixes';
import { previewNames } from './naming-preview';

export interface NamingPreviewTableProps {
  plan: TPlannerState;
  onChange: (plan: TPlannerState) => void;
}

/** The live preview: each item's final name per environment, its violations and fixes. */
export function NamingPreviewTable({ plan, onChange }: NamingPreviewTableProps) {
  const preview = useMemo(() => previewNames(plan), [plan]);
  const [env, setEnv] = useState<string | undefined>(undefined);
  const shownEnv =
    env !== undefined && preview.environments.includes(env)
      ? env
      : (preview.environments[0] ?? 'dev');
  const problems = preview.rows.filter((r) => r.violations.length > 0).length;

  return (
    <section
      aria-labelledby="names-title"
      className="min-w-0 rounded-lg border border-slate-200 bg-white"
    >
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <h3 id="names-title" className="text-sm font-semibold text-slate-900">
          Final names{preview.isExample ? ' (examples: the board is empty)' : ''}
        </h3>
        <span
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            problems > 0 ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-800',
          )}
        >
          {problems > 0 ? `${problems} with violations` : 'All names follow the rules'}
        </span>
        <div role="radiogroup" aria-label="Environment" className="ml-auto flex gap-1">
          {preview.environments.map((e) => (
            <button
              key={e}
              type="button"
              role="radio"
              aria-checked={e === shownEnv}
              onClick={() => setEnv(e)}
              className={clsx(
                'rounded-md px-2 py-1 text-xs font-medium',
                e === shownEnv ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {e}
            </button>
          ))}
        </div>
      </div>
      {preview.error && <p className="p-4 text-sm text-red-700">{preview.error}</p>}
      {preview.rows.length === 0 && !preview.error && (
        <p className="p-4 text-sm text-slate-700">
          Nothing to name yet: select services or add components.
        </p>
      )}
      <ul className="divide-y divide-slate-100">
        {preview.rows.map((row) => {
          const own = row.violations.filter(
            (v) => v.env === shownEnv || row.violations.every((x) => x.env !== shownEnv),
          );
          return (
            <li key={row.id} className="px-4 py-2.5">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                {row.violations.length === 0 ? (
                  <CheckCircle2
                    className="size-4 shrink-0 self-center text-emerald-600"
                    aria-label="Valid"
                  />
                ) : (
                  <CircleAlert
                    className="size-4 shrink-0 self-center text-amber-600"
                    aria-label="Has violations"
                  />
                )}
                <code className="font-mono text-sm break-all text-slate-900">
                  {row.names[shownEnv]}
                </code>
                <span className="text-xs text-slate-600">
                  {row.serviceName}
                  {preview.isExample ? '' : ` · ${row.id}`}
                </span>
              </div>
              {own.length > 0 && (
                <ul className="mt-1.5 space-y-1.5 pl-6">
                  {own.map((v, i) => (
                    <li
                      key={i}
                      className="rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-950"
                    >
                      <p>
                        <span className="font-medium">{v.reason}</span> ({v.rule}; {v.env})
                      </p>
                      <p className="mt-0.5">
                        Generated as <code className="font-mono">{v.fix}</code>
                      </p>
                      <div className="mt-1 flex flex-wrap gap-1.5 empty:hidden">
                        {fixesFor(v, plan, row.violations).map((fix) => (
                          <Button
                            key={fix.label}
                            variant="secondary"
                            size="sm"
                            className="h-7 text-xs"
                            onClick={() => onChange(fix.apply(plan))}
                          >
                            <Wand2 className="size-3.5" aria-hidden="true" /> {fix.label}
                          </Button>
                        ))}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
