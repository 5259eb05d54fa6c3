import { X } from 'lucide-react';
import { useId, useState } from 'react';
import type { TEnvironment } from '@stratum/core/iac/design/schema-v2';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';

export interface EnvironmentsFieldProps {
  environments: readonly TEnvironment[];
  onChange: (environments: TEnvironment[]) => void;
  onFocus: () => void;
}

const ENV_RULE = /^[a-z][a-z0-9]{0,9}$/;

/** The environments the code is generated for (dev, staging, prod by default). */
export function EnvironmentsField({ environments, onChange, onFocus }: EnvironmentsFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const exists = environments.some((e) => e.name === draft);
  const isValid = ENV_RULE.test(draft) && !exists;
  const add = () => {
    if (!isValid) return;
    onChange([...environments, { name: draft, overrides: {} }]);
    setDraft('');
  };
  return (
    <div>
      <p id={id} className="text-sm font-medium text-slate-800">
        Environments
      </p>
      <ul aria-labelledby={id} className="mt-1 flex flex-wrap gap-1">
        {environments.map((env) => (
          <li
            key={env.name}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2 text-xs font-medium text-slate-800"
          >
            {env.name}
            {environments.length > 1 && (
              <button
                type="button"
                aria-label={`Remove environment ${env.name}`}
                onFocus={onFocus}
                onClick={() => onChange(environments.filter((e) => e !== env))}
                className="rounded-full p-0.5 hover:bg-slate-200"
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex gap-2">
        <input
          aria-label="New environment name"
          value={draft}
          placeholder="e.g. qa"
          onFocus={onFocus}
          onChange={(e) => setDraft(e.target.value.toLowerCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          className={`${inputClasses} py-1.5`}
        />
        <Button variant="secondary" size="sm" className="h-9" disabled={!isValid} onClick={add}>
          Add
        </Button>
      </div>
      {draft !== '' && !isValid && (
        <p className="mt-1 text-[11px] font-medium text-red-700">
          {exists
            ? 'That environment exists.'
            : 'Lowercase letters and digits, starting with a letter, at most 10.'}
        </p>
      )}
    </div>
  );
}
