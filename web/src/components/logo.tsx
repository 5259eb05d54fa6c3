import clsx from 'clsx';

export interface LogoProps {
  className?: string;
  /** Show the word "Stratum" beside the mark. */
  hasWordmark?: boolean;
}

/** Stratum's mark: three stacked layers. */
export function Logo({ className, hasWordmark = true }: LogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path d="M7 11l9-5 9 5-9 5z" fill="#fff" />
        <path d="M7 16l9 5 9-5" fill="none" stroke="#fff" strokeWidth="2" />
        <path d="M7 21l9 5 9-5" fill="none" stroke="#c7d2fe" strokeWidth="2" />
      </svg>
      {hasWordmark && (
        <span className="text-lg font-bold tracking-tight text-slate-900">Stratum</span>
      )}
    </span>
  );
}
