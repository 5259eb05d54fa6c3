import type { ReactNode } from 'react';

export interface FilterBarProps {
  /** What the filters narrow, e.g. "Filter users". */
  label: string;
  children: ReactNode;
  /** Buttons on the right, e.g. "New voucher". */
  actions?: ReactNode;
}

/** The filters of a list: they wrap on a phone, sit in one row on a wide screen. */
export function FilterBar({ label, children, actions }: FilterBarProps) {
  return (
    <div
      role="search"
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-3 [&>*]:min-w-36 [&>*]:flex-1 sm:[&>*]:flex-none"
    >
      {children}
      {actions && <div className="flex flex-none flex-wrap gap-2 sm:ml-auto">{actions}</div>}
    </div>
  );
}
