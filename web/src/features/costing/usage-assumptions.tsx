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
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Usage assumptions</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Component
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Assumption
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Value
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Default
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
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
        </tbody>
      </table>
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
    <tr className="align-top">
      <td className="px-3 py-2 font-medium text-slate-900">{name}</td>
      <td className="px-3 py-2 text-slate-800">
        <label htmlFor={id}>{a.label}</label>
      </td>
      <td className="px-3 py-2">
        <div className="flex items-center gap-1.5">
          <input
            id={id}
            inputMode="decimal"
            value={text}
            aria-label={`${a.label} (${a.unit}) for ${name}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
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
          <span className="text-xs whitespace-nowrap text-slate-600">{a.unit}</span>
          {isEdited && (
            <button
              type="button"
              onClick={onReset}
              className="inline-flex size-7 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
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
      </td>
      <td className="px-3 py-2 text-slate-600 tabular-nums">
        {number(a.default)} {a.unit}
      </td>
    </tr>
  );
}
