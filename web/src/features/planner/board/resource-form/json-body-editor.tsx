import { useId, useState } from 'react';
import type { TArgs } from './resource-schema';
import { isObject } from './resource-values';
import { DraftInput } from './text-inputs';

export interface JsonBodyEditorProps {
  type: string;
  args: TArgs;
  onChange: (args: TArgs) => void;
  onFocus: () => void;
}

/**
 * A type without a known argument schema (most ARM types): its body as JSON, stored only when it
 * parses to an object.
 */
export function JsonBodyEditor({ type, args, onChange, onFocus }: JsonBodyEditorProps) {
  const id = useId();
  const [error, setError] = useState<string>();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        Body (JSON)
      </label>
      <p id={`${id}-hint`} className="text-[11px] text-slate-600">
        No argument schema is known for {type}: write its body as a JSON object.
      </p>
      <DraftInput
        id={id}
        kind="json"
        value={args}
        describedBy={error ? `${id}-error` : `${id}-hint`}
        onFocus={onFocus}
        onError={setError}
        onChange={(value) => {
          if (value === undefined) onChange({});
          else if (isObject(value)) onChange(value);
          else setError('The body must be a JSON object: { … }.');
        }}
      />
      {error && (
        <p id={`${id}-error`} className="mt-0.5 text-[11px] text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
