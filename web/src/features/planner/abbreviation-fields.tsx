import { useMemo } from 'react';
import { findService } from '@stratum/core/iac/catalog/registry';
import type { TPlannerState } from '@stratum/core/planner/state';
import { inputClasses } from '../../components/text-field';

export interface AbbreviationFieldsProps {
  plan: TPlannerState;
  onChange: (abbreviations: Record<string, string>) => void;
}

/** `{type}` per service: the catalog's abbreviation, overridable (letters and digits, 1–10). */
export function AbbreviationFields({ plan, onChange }: AbbreviationFieldsProps) {
  const overrides = plan.namingConvention.abbreviations;
  const services = useMemo(() => {
    const ids = new Set([
      ...plan.selectedServices,
      ...[...plan.architectureConfig.groups, ...plan.architectureConfig.components].map(
        (n) => n.service,
      ),
    ]);
    return [...ids].flatMap((id) => {
      const s = findService(id);
      return s ? [s] : [];
    });
  }, [plan.selectedServices, plan.architectureConfig]);
  if (services.length === 0) return null;

  const set = (serviceId: string, value: string) => {
    const next = { ...overrides };
    const clean = value.replace(/[^A-Za-z0-9]/g, '').slice(0, 10);
    if (clean === '') delete next[serviceId];
    else next[serviceId] = clean;
    onChange(next);
  };

  return (
    <details className="group rounded-md border border-slate-200" open={services.length <= 6}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        Abbreviations ({Object.keys(overrides).length} changed)
      </summary>
      <ul className="divide-y divide-slate-100 border-t border-slate-200">
        {services.map((s) => (
          <li key={s.id} className="flex items-center gap-3 px-3 py-1.5">
            <label
              htmlFor={`abbr-${s.id}`}
              className="min-w-0 flex-1 truncate text-sm text-slate-700"
            >
              {s.name}
            </label>
            <div className="w-24 shrink-0">
              <input
                id={`abbr-${s.id}`}
                value={overrides[s.id] ?? ''}
                placeholder={s.naming.abbreviation}
                onChange={(e) => set(s.id, e.target.value)}
                className={`${inputClasses} py-1 font-mono`}
              />
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
