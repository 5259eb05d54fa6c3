import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { inputClasses } from '../../../../components/text-field';
import { resourceTypeSchemaQuery } from '../../api/get-resource-type';
import { CURATED_ATTRIBUTES, type TRefTarget } from './reference-targets';
import { affixExample, type TResourceRef } from './resource-values';

export interface ReferencePickerProps {
  /** The argument's name, for the labels. */
  label: string;
  targets: readonly TRefTarget[];
  value: Partial<TResourceRef>;
  /** Called with a complete reference, or with what is picked so far. */
  onChange: (value: Partial<TResourceRef>) => void;
  onFocus: () => void;
}

const SELECT = `${inputClasses} mt-1 py-1.5 text-xs`;

/**
 * Picks another node on the board and one of its attributes: `{ $ref, attribute }`, with text
 * before or after the value where the argument wants one (`${arn}/*`).
 */
export function ReferencePicker({
  label,
  targets,
  value,
  onChange,
  onFocus,
}: ReferencePickerProps) {
  const id = useId();
  const target = targets.find((t) => t.id === value.$ref);
  const schema = useQuery({
    ...resourceTypeSchemaQuery(target?.resource?.provider ?? 'aws', target?.resource?.type ?? ''),
    enabled: target?.resource !== undefined,
  });
  const attributes: readonly string[] = target?.resource
    ? (schema.data?.attributes ?? [])
    : CURATED_ATTRIBUTES;
  return (
    <div className="mt-1 grid grid-cols-2 gap-1.5">
      <div>
        <label htmlFor={`${id}-target`} className="block text-[11px] text-slate-600">
          {label}: component
        </label>
        <select
          id={`${id}-target`}
          value={value.$ref ?? ''}
          onFocus={onFocus}
          onChange={(e) =>
            onChange({ ...value, $ref: e.target.value || undefined, attribute: undefined })
          }
          className={SELECT}
        >
          <option value="">Choose…</option>
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-attribute`} className="block text-[11px] text-slate-600">
          {label}: attribute
        </label>
        <select
          id={`${id}-attribute`}
          value={value.attribute ?? ''}
          disabled={!target || (target.resource !== undefined && !schema.data)}
          onFocus={onFocus}
          onChange={(e) => onChange({ ...value, attribute: e.target.value || undefined })}
          className={SELECT}
        >
          <option value="">
            {target?.resource && schema.isPending
              ? 'Loading…'
              : schema.isError
                ? 'Not available'
                : 'Choose…'}
          </option>
          {attributes.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      {(['prefix', 'suffix'] as const).map((key) => (
        <div key={key}>
          <label htmlFor={`${id}-${key}`} className="block text-[11px] text-slate-600">
            {label}: {key === 'prefix' ? 'text before' : 'text after'}
          </label>
          <input
            id={`${id}-${key}`}
            type="text"
            value={value[key] ?? ''}
            placeholder={affixExample(label, key)}
            onFocus={onFocus}
            onChange={(e) => onChange({ ...value, [key]: e.target.value || undefined })}
            className={`${inputClasses} mt-1 py-1.5 font-mono text-xs`}
          />
        </div>
      ))}
      {targets.length === 0 && (
        <p className="col-span-2 text-[11px] text-slate-600">
          Nothing else is on the board to reference yet.
        </p>
      )}
    </div>
  );
}
