import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import type { TUsageAssumption, TUsageInput } from '@stratum/core/costing/model';
import { clearUsage, isEdited, parseUsageValue, setUsage } from './usage';

export interface UsageAssumptionsProps {
  assumptions: readonly TUsageAssumption[];
  usage: TUsageInput;
  nameOf: (target: string) => string;
  onChange: (usage: TUsageInput) => void;
}

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/**
 * The numbers usage-billed lines depend on (Infracost's usage file): each with the estimator's
 * default, editable; a change is priced again at once (Enter or leaving the field).
 */
export function UsageAssumptions({ assumptions, usage, nameOf, onChange }: UsageAssumptionsProps) {
  if (assumptions.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Nothing on this design is billed by usage: the estimate needs no assumptions.
      </p>
    );
  }
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[minmax(0,10rem)_minmax(0,1fr)_15rem_minmax(0,10rem)] gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium text-slate-600 uppercase md:grid"
      >
        <span>Component</span>
        <span>Assumption</span>
        <span>Value</span>
        <span>Default</span>
      </div>
      <ul aria-label="Usage assumptions" className="divide-y divide-slate-100">
        {assumptions.map((a) => (
          <AssumptionRow
            key={`${a.target}|${a.key}|${a.value}`}
            assumption={a}
            name={nameOf(a.target)}
            isEdited={isEdited(usage, a)}
            onSet={(value) => onChange(setUsage(usage, a.target, a.key, value))}
            onReset={() => onChange(clearUsage(usage, a.target, a.key))}
          />
        ))}
      </ul>
    </div>
  );
}

interface AssumptionRowProps {
  assumption: TUsageAssumption;
  name: string;
  isEdited: boolean;
  onSet: (value: number) => void;
  onReset: () => void;
}

function AssumptionRow({ assumption: a, name, isEdited, onSet, onReset }: AssumptionRowProps) {
  const id = useId();
  const [text, setText] = useState(String(a.value));
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const value = parseUsageValue(text);
    if (value === null) {
      setError('Enter a number of 0 or more.');
      return;
    }
    setError(null);
    if (value !== a.value) onSet(value);
  };
  return (
    <li className="grid gap-x-3 gap-y-1.5 px-3 py-2.5 text-sm md:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_15rem_minmax(0,10rem)] md:items-start">
      <span className="font-medium text-slate-900 md:pt-1.5">{name}</span>
      <label htmlFor={id} className="text-slate-800 md:pt-1.5">
        {a.label}
      </label>
      <div>
        <div className="flex items-center gap-1.5">
          <input
            id={id}
            inputMode="decimal"
            value={text}
            aria-label={`${a.label} (${a.unit}) for ${name}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-default`}
            onChange={(e) => setText(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commit();
              }
            }}
            className="h-8 w-32 rounded-md border border-slate-300 bg-white px-2 text-right text-sm tabular-nums aria-invalid:border-red-500"
          />
          <span className="text-xs text-slate-600">{a.unit}</span>
          {isEdited && (
            <button
              type="button"
              onClick={onReset}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              aria-label={`Reset ${a.label} for ${name} to its default`}
              title="Back to the default"
            >
              <RotateCcw className="size-3.5" aria-hidden="true" />
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <span id={`${id}-default`} className="text-xs text-slate-600 tabular-nums md:pt-2">
        <span className="md:sr-only">Default: </span>
        {number(a.default)} {a.unit}
      </span>
    </li>
  );
}
