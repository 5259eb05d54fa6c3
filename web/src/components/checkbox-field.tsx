import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A native checkbox with its label beside it. */
export function CheckboxField({ label, hint, id, className, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="checkbox"
          aria-describedby={hint ? `${inputId}-hint` : undefined}
          className="size-4 rounded border-slate-300 accent-brand-600"
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 ml-6 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
