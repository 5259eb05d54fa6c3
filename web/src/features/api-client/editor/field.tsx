import clsx from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import { SecretInput } from '../secret-input';
import { cellInput } from './key-value-table';

export interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isSecret?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  type?: 'text' | 'number' | 'url';
  className?: string;
  isDisabled?: boolean;
  /** Hand the text over on blur or Enter, not per key (numbers, lists that are parsed). */
  isCommittedOnBlur?: boolean;
}

/** A labelled one-line field of the auth and settings forms; secrets are masked with a reveal. */
export function Field({
  label,
  value,
  onChange,
  isSecret = false,
  placeholder,
  hint,
  type = 'text',
  className,
  isDisabled = false,
  isCommittedOnBlur = false,
}: FieldProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={clsx('min-w-0', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">
        {isSecret ? (
          <SecretInput
            id={id}
            label={label}
            value={value}
            placeholder={placeholder}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            id={id}
            type={type}
            value={draft ?? value}
            placeholder={placeholder}
            spellCheck={false}
            disabled={isDisabled}
            onChange={(e) =>
              isCommittedOnBlur ? setDraft(e.target.value) : onChange(e.target.value)
            }
            onBlur={() => {
              if (draft === null) return;
              onChange(draft);
              setDraft(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && draft !== null) {
                onChange(draft);
                setDraft(null);
              }
            }}
            aria-describedby={hint ? `${id}-hint` : undefined}
            className={cellInput}
          />
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
