import { useEffect, useId, useState } from 'react';
import type { TPropertyDefinition, TPropertyValue } from '@stratum/core/iac/types';
import { inputClasses } from '../../../components/text-field';

export interface PropertyInputProps {
  definition: TPropertyDefinition;
  value: TPropertyValue;
  onChange: (value: TPropertyValue) => void;
  onFocus: () => void;
}

const listText = (v: TPropertyValue) => (Array.isArray(v) ? v.join(', ') : String(v));

/** A typed input for one catalog property: sizes and versions from the cloud's real values. */
export function PropertyInput({ definition: def, value, onChange, onFocus }: PropertyInputProps) {
  const id = useId();
  const [draft, setDraft] = useState(() => listText(value));
  useEffect(() => setDraft(listText(value)), [value]);
  const hint =
    def.description ??
    (def.type === 'number' && def.min !== undefined ? `${def.min}–${def.max ?? '∞'}` : undefined);
  const describedBy = hint ? `${id}-hint` : undefined;

  if (def.type === 'boolean') {
    return (
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={value === true}
          onFocus={onFocus}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 accent-brand-600"
        />
        {def.label}
      </label>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {def.label}
      </label>
      {def.type === 'enum' ? (
        <select
          id={id}
          value={String(value)}
          onFocus={onFocus}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          className={`${inputClasses} mt-1 py-1.5`}
        >
          {!(def.allowed ?? []).includes(String(value)) && (
            <option value={String(value)}>
              {String(value)}{' '}
              {/* A value the cloud still runs but no longer offers (an EKS minor in extended support). */}
              {def.deprecated?.[String(value)] !== undefined
                ? '(no longer offered)'
                : '(not allowed)'}
            </option>
          )}
          {(def.allowed ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={def.type === 'number' ? 'number' : 'text'}
          inputMode={def.type === 'number' ? 'numeric' : undefined}
          min={def.min}
          max={def.max}
          value={draft}
          onFocus={onFocus}
          aria-describedby={describedBy}
          placeholder={def.type === 'string-list' ? 'comma, separated' : undefined}
          onChange={(e) => {
            const text = e.target.value;
            setDraft(text);
            if (def.type === 'number') {
              const n = Number(text);
              if (text.trim() !== '' && Number.isFinite(n)) onChange(n);
            } else if (def.type === 'string-list') {
              onChange(
                text
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              );
            } else onChange(text);
          }}
          className={`${inputClasses} mt-1 py-1.5`}
        />
      )}
      {hint && (
        <p id={describedBy} className="mt-0.5 text-[11px] text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
