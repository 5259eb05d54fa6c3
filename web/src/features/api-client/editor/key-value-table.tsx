import clsx from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TKeyValue } from '@stratum/core/api-client/model';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';

export const cellInput = clsx(inputClasses, 'py-1.5 font-mono text-[13px]');

export interface KeyValueTableProps {
  /** The table's name for screen readers, e.g. "Query parameters". */
  label: string;
  /** One row's noun: "parameter" gives "Parameter 1 name", "Add parameter". */
  noun: string;
  rows: readonly TKeyValue[];
  onChange: (rows: TKeyValue[]) => void;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
  /** Rendered instead of a value input (a secret field, a file picker). */
  renderValue?: (row: TKeyValue, index: number, name: string) => ReactNode;
  isDisabled?: boolean;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Rows of name and value with a switch to leave one out without deleting it (params, headers,
 * form fields). Rows wrap on a phone rather than overflow.
 */
export function KeyValueTable({
  label,
  noun,
  rows,
  onChange,
  keyPlaceholder = 'Name',
  valuePlaceholder = 'Value',
  renderValue,
  isDisabled = false,
}: KeyValueTableProps) {
  const Noun = capital(noun);
  const patch = (index: number, change: Partial<TKeyValue>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <div role="group" aria-label={label} className="space-y-2">
      {rows.length === 0 && <p className="text-sm text-slate-600">No {noun}s yet.</p>}
      <ul className="space-y-2">
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <input
                type="checkbox"
                checked={row.enabled}
                disabled={isDisabled}
                onChange={(e) => patch(index, { enabled: e.target.checked })}
                aria-label={`Send ${noun} ${n}`}
                className="size-4 shrink-0 rounded border-slate-300 accent-brand-600"
              />
              <input
                value={row.key}
                disabled={isDisabled}
                onChange={(e) => patch(index, { key: e.target.value })}
                aria-label={`${Noun} ${n} name`}
                placeholder={keyPlaceholder}
                spellCheck={false}
                className={clsx(cellInput, 'min-w-0 flex-1 basis-36', !row.enabled && 'opacity-60')}
              />
              <div className="min-w-0 flex-[2] basis-48">
                {renderValue ? (
                  renderValue(row, index, `${Noun} ${n} value`)
                ) : (
                  <input
                    value={row.value}
                    disabled={isDisabled}
                    onChange={(e) => patch(index, { value: e.target.value })}
                    aria-label={`${Noun} ${n} value`}
                    placeholder={valuePlaceholder}
                    spellCheck={false}
                    className={clsx(cellInput, !row.enabled && 'opacity-60')}
                  />
                )}
              </div>
              <button
                type="button"
                disabled={isDisabled}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
                aria-label={`Remove ${noun} ${n}`}
                className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-50"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        disabled={isDisabled || rows.length >= API_LIMITS.keyValueRows}
        onClick={() => onChange([...rows, { key: '', value: '', enabled: true }])}
      >
        <Plus className="size-4" aria-hidden="true" /> Add {noun}
      </Button>
    </div>
  );
}
