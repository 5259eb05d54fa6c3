import clsx from 'clsx';
import { FileDown } from 'lucide-react';
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { inputClasses } from '../../components/text-field';
import { useFileDrop } from './use-file-drop';

export interface CodeAreaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value'
> {
  label: string;
  value: string;
  onValueChange?: (value: string) => void;
  /** Buttons on the label's row (open, copy, clear…). */
  actions?: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Accept a dropped file. */
  onFile?: (file: File) => void;
  /** Wrap long lines (tokens, Base64) instead of scrolling sideways (code). */
  isWrapped?: boolean;
}

/** A labelled monospace text area; hint and error are tied to it; files may be dropped on it. */
export function CodeArea({
  label,
  value,
  onValueChange,
  actions,
  hint,
  error,
  onFile,
  isWrapped = true,
  id,
  className,
  ...rest
}: CodeAreaProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const { isOver, dropProps } = useFileDrop((file) => onFile?.(file));
  const describedBy =
    [hint ? `${areaId}-hint` : '', error ? `${areaId}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={clsx('min-w-0', className)}>
      <div className="flex min-h-8 flex-wrap items-end justify-between gap-2">
        <label htmlFor={areaId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div className="relative mt-1.5" {...(onFile ? dropProps : {})}>
        <textarea
          id={areaId}
          value={value}
          onChange={(event) => onValueChange?.(event.target.value)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          wrap={isWrapped ? 'soft' : 'off'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(
            inputClasses,
            'min-h-32 resize-y font-mono text-[13px] leading-5',
            isWrapped && 'break-all',
            rest.readOnly && 'bg-slate-50',
          )}
          {...rest}
        />
        {isOver && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center gap-2 rounded-md border-2 border-dashed border-brand-600 bg-brand-50/90 text-sm font-medium text-brand-800">
            <FileDown className="size-5" aria-hidden="true" />
            Drop the file to open it
          </div>
        )}
      </div>
      {hint && (
        <div id={`${areaId}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${areaId}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
