import { useId, useState } from 'react';
import { inputClasses } from '../../../components/text-field';

export interface NameFieldProps {
  name: string;
  onChange: (name: string) => void;
  onFocus: () => void;
}

const NAME_RULE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The `{name}` of a node: lowercase letters, digits and hyphens, as the design requires. */
export function NameField({ name, onChange, onFocus }: NameFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(name);
  const isValid = NAME_RULE.test(draft);
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        Name
      </label>
      <input
        id={id}
        value={draft}
        onFocus={onFocus}
        aria-invalid={!isValid || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setDraft(e.target.value);
          if (NAME_RULE.test(e.target.value)) onChange(e.target.value);
        }}
        className={`${inputClasses} mt-1 py-1.5`}
      />
      <p
        id={`${id}-hint`}
        className={
          isValid
            ? 'mt-0.5 text-[11px] text-slate-600'
            : 'mt-0.5 text-[11px] font-medium text-red-700'
        }
      >
        {isValid
          ? 'The {name} part of the resource names (step 4 shows the full names).'
          : 'Lowercase letters, digits and hyphens; starts with a letter or digit; at most 40.'}
      </p>
    </div>
  );
}
