import clsx from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface SidePanelProps {
  title: string;
  /** Open as an overlay below the lg breakpoint; from lg up the panel always shows. */
  isOpen: boolean;
  className: string;
  onClose: () => void;
  children: ReactNode;
}

/** The palette or properties beside the canvas: a column on large screens, a drawer on small. */
export function SidePanel({ title, isOpen, className, onClose, children }: SidePanelProps) {
  return (
    <aside
      aria-label={title}
      className={clsx(
        'min-h-0 flex-col overflow-y-auto bg-white p-3',
        className,
        isOpen
          ? 'absolute inset-y-0 z-20 flex w-[min(20rem,calc(100%-2.5rem))] shadow-xl lg:static lg:shadow-none'
          : 'hidden lg:flex',
      )}
    >
      <div className="mb-3 flex items-center justify-between">
        <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
        <button
          type="button"
          aria-label={`Close ${title.toLowerCase()}`}
          onClick={onClose}
          className="rounded p-1 text-slate-600 hover:bg-slate-100 lg:hidden"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {children}
    </aside>
  );
}
