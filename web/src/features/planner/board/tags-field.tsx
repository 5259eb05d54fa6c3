import { Plus, Wand2 } from 'lucide-react';
import { useId } from 'react';
import type { TTagKey } from '@stratum/core/contract/tags/model';
import { applyFixes } from '@stratum/core/tags/check';
import type { TTagMap, TTagViolation } from '@stratum/core/tags/model';
import { MapRow, mapRowsOf, useMapRows } from './map-rows';

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

const MESSAGES = { missingKey: 'Every tag needs a key.', repeatedKey: 'Each key appears once.' };

/** Key/value rows with suggestions from the user's keys, and the policy hints with their fixes. */
export function TagsField(props: TagsFieldProps) {
  const { label, tags, suggestions, inherited = {}, violations = [], onChange, onFocus } = props;
  const id = useId();
  const { rows, update, error } = useMapRows(tags, onChange, MESSAGES);
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
        <MapRow
          key={i}
          row={row}
          keyLabel={`${label}: key ${i + 1}`}
          valueLabel={`${label}: value ${i + 1}`}
          removeLabel={`Remove the tag ${row.key || i + 1}`}
          keyList={`${id}-keys`}
          valueList={`${id}-values-${i}`}
          onChange={(next) => update(rows.map((r, j) => (j === i ? next : r)))}
          onRemove={() => update(rows.filter((_, j) => j !== i))}
          onFocus={onFocus}
        />
      ))}
      {rows.map((row, i) => (
        <datalist key={i} id={`${id}-values-${i}`}>
          {valuesOf(row.key).map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
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
                update(mapRowsOf(applyFixes(tags, violations)));
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
