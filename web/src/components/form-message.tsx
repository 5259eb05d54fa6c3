import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface FormMessageProps {
  tone?: 'error' | 'info';
  children: ReactNode;
  className?: string;
}

/** A form-level message, announced when it appears. */
export function FormMessage({ tone = 'error', children, className }: FormMessageProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-brand-100 bg-brand-50 text-brand-800',
        className,
      )}
    >
      {children}
    </div>
  );
}
