import { Plus, Wand2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { TTagKey } from '@stratum/core/contract/tags/model';
import { applyFixes } from '@stratum/core/tags/check';
import type { TTagMap, TTagViolation } from '@stratum/core/tags/model';
import { inputClasses } from '../../../components/text-field';

export interface TagsFieldProps {
  label: string;
  tags: TTagMap;
  /** The user's and the organisation's keys: suggestions for keys and their values. */
  suggestions: readonly TTagKey[];
  /** Tags the component gets from the design, shown for context. */
  inherited?: TTagMap;
  violations?: readonly TTagViolation[];
  onChange: (tags: Record<string, string>) => void;
  onFocus: () => void;
}

type TRow = { key: string; value: string };

const rowsOf = (tags: TTagMap): TRow[] =>
  Object.entries(tags).map(([key, value]) => ({ key, value }));

function rowsError(rows: readonly TRow[]): string | undefined {
  const keys = rows.map((r) => r.key.trim());
  if (keys.some((k) => k === '')) return 'Every tag needs a key.';
  if (new Set(keys).size !== keys.length) return 'Each key appears once.';
  return undefined;
}

/** Key/value rows with suggestions from the user's keys, and the policy hints with their fixes. */
export function TagsField(props: TagsFieldProps) {
  const { label, tags, suggestions, inherited = {}, violations = [], onChange, onFocus } = props;
  const id = useId();
  const [rows, setRows] = useState(() => rowsOf(tags));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setRows((current) => (rowsError(current) ? current : rowsOf(tags)));
  }, [tags]);
  const update = (next: TRow[]) => {
    setRows(next);
    const problem = rowsError(next);
    setError(problem);
    if (!problem) onChange(Object.fromEntries(next.map((r) => [r.key.trim(), r.value])));
  };
  const valuesOf = (key: string) => suggestions.find((k) => k.key === key.trim())?.values ?? [];
  const fixable = violations.some((v) => /^(rename|change) `/.test(v.fix));
  const inheritedKeys = Object.keys(inherited).filter((k) => !(k in tags));
  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </legend>
      <datalist id={`${id}-keys`}>
        {suggestions.map((k) => (
          <option key={k.id} value={k.key}>
            {k.description}
          </option>
        ))}
      </datalist>
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-1">
          <input
            aria-label={`${label}: key ${i + 1}`}
            list={`${id}-keys`}
            value={row.key}
            onFocus={onFocus}
            onChange={(e) =>
              update(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))
            }
            className={`${inputClasses} min-w-0 py-1 text-xs`}
            placeholder="key"
          />
          <input
            aria-label={`${label}: value ${i + 1}`}
            list={`${id}-values-${i}`}
            value={row.value}
            onFocus={onFocus}
            onChange={(e) =>
              update(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))
            }
            className={`${inputClasses} min-w-0 py-1 text-xs`}
            placeholder="value"
          />
          <datalist id={`${id}-values-${i}`}>
            {valuesOf(row.key).map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
          <button
            type="button"
            aria-label={`Remove the tag ${row.key || i + 1}`}
            onClick={() => update(rows.filter((_, j) => j !== i))}
            className="rounded p-1 text-slate-600 hover:bg-slate-100"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      ))}
      {error && <p className="text-xs text-red-700">{error}</p>}
      <button
        type="button"
        onClick={() => update([...rows, { key: '', value: '' }])}
        className="inline-flex items-center gap-1 rounded px-1 py-0.5 text-xs font-medium text-blue-700 hover:bg-blue-50"
      >
        <Plus className="size-3.5" aria-hidden="true" /> Add a tag
      </button>
      {inheritedKeys.length > 0 && (
        <p className="text-xs text-slate-600">
          From the design: {inheritedKeys.map((k) => `${k}=${inherited[k] ?? ''}`).join(', ')}
        </p>
      )}
      {violations.length > 0 && (
        <div role="group" aria-label={`${label}: policy hints`} className="space-y-1">
          <ul className="space-y-1">
            {violations.map((v, i) => (
              <li
                key={i}
                className={`rounded px-2 py-1 text-xs ${v.severity === 'error' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
              >
                {v.message}
                {v.policyName && <span className="text-slate-600"> · {v.policyName}</span>}
                <span className="block font-medium">Fix: {v.fix}</span>
              </li>
            ))}
          </ul>
          {fixable && (
            <button
              type="button"
              onClick={() => {
                onFocus();
                update(rowsOf(applyFixes(tags, violations)));
              }}
              className="inline-flex items-center gap-1 rounded px-1 py-0.5 text-xs font-medium text-blue-700 hover:bg-blue-50"
            >
              <Wand2 className="size-3.5" aria-hidden="true" /> Apply the fixes
            </button>
          )}
        </div>
      )}
    </fieldset>
  );
}
