import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface PanelProps {
  title?: ReactNode;
  /** Something on the right of the title, e.g. a button. */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** A white card with an optional heading. */
export function Panel({ title, action, children, className, id }: PanelProps) {
  return (
    <section
      id={id}
      className={clsx('rounded-lg border border-slate-200 bg-white p-5 shadow-xs', className)}
    >
      {(title !== undefined || action !== undefined) && (
        <div className="mb-4 flex items-center justify-between gap-3">
          {title !== undefined && (
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          )}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
