import { Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { inputClasses } from '../../../../components/text-field';
import { isObject } from './resource-values';
import { scalarText, type TJson } from './resource-schema';

export interface KeyValueRowsProps {
  label: string;
  value: TJson | undefined;
  onChange: (value: TJson | undefined) => void;
  onFocus: () => void;
  onError: (message: string | undefined) => void;
}

type TRow = { key: string; value: string };

const rowsOf = (value: TJson | undefined): TRow[] =>
  isObject(value) ? Object.entries(value).map(([key, v]) => ({ key, value: scalarText(v) })) : [];

/** Why rows cannot be stored as a map: an empty or repeated key. */
function rowsError(rows: readonly TRow[]): string | undefined {
  const keys = rows.map((r) => r.key.trim());
  if (keys.some((k) => k === '')) return 'Every entry needs a key.';
  if (new Set(keys).size !== keys.length) return 'Keys must be different.';
  return undefined;
}

/** A map of strings as key/value rows (tags, labels...). */
export function KeyValueRows({ label, value, onChange, onFocus, onError }: KeyValueRowsProps) {
  const [rows, setRows] = useState(() => rowsOf(value));
  useEffect(() => {
    setRows((current) => (rowsError(current) ? current : rowsOf(value)));
  }, [value]);
  const update = (next: TRow[]) => {
    setRows(next);
    const error = rowsError(next);
    onError(error);
    if (!error) onChange(Object.fromEntries(next.map((r) => [r.key.trim(), r.value])));
  };
  return (
    <div className="mt-1 space-y-1.5">
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-1">
          <input
            aria-label={`${label} key ${i + 1}`}
            value={row.key}
            onFocus={onFocus}
            onChange={(e) =>
              update(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))
            }
            className={`${inputClasses} min-w-0 py-1 text-xs`}
            placeholder="key"
          />
          <input
            aria-label={`${label} value ${i + 1}`}
            value={row.value}
            onFocus={onFocus}
            onChange={(e) =>
              update(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))
            }
            className={`${inputClasses} min-w-0 py-1 text-xs`}
            placeholder="value"
          />
          <button
            type="button"
            aria-label={`Remove ${label} entry ${i + 1}`}
            onClick={() => update(rows.filter((_, j) => j !== i))}
            className="rounded p-1 text-slate-600 hover:bg-slate-100"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => {
          onFocus();
          // An empty row is not stored until it has a key.
          setRows([...rows, { key: '', value: '' }]);
        }}
        className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
      >
        <Plus className="size-3.5" aria-hidden="true" /> Add {label} entry
      </button>
    </div>
  );
}
