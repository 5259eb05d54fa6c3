import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes } from 'react';
import { cellInput } from './editor/key-value-table';

export interface SecretInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'aria-label'
> {
  /** The field's accessible name; the button reads "Show <label>" / "Hide <label>". */
  label: string;
  /**
   * Called before showing: a stored secret the browser does not have yet is fetched here
   * (environment variables). Resolve false to stay masked.
   */
  onReveal?: () => Promise<boolean> | boolean;
}

/** A masked value with a reveal button, as password managers do. */
export function SecretInput({ label, onReveal, className, ...rest }: SecretInputProps) {
  const [isShown, setIsShown] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const toggle = async () => {
    if (isShown) return setIsShown(false);
    if (onReveal) {
      setIsBusy(true);
      try {
        if (!(await onReveal())) return;
      } finally {
        setIsBusy(false);
      }
    }
    setIsShown(true);
  };
  return (
    <div className={clsx('relative min-w-0', className)}>
      <input
        type={isShown ? 'text' : 'password'}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        className={clsx(cellInput, 'pr-10')}
        {...rest}
      />
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={isBusy}
        aria-label={`${isShown ? 'Hide' : 'Show'} ${label}`}
        aria-pressed={isShown}
        className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2.5 text-slate-600 hover:text-slate-900 disabled:opacity-50"
      >
        {isShown ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
