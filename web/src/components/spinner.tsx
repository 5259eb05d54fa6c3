import clsx from 'clsx';

export interface SpinnerProps {
  className?: string;
}

export function Spinner({ className }: SpinnerProps) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block animate-spin rounded-full border-2 border-current border-r-transparent',
        className ?? 'size-5',
      )}
    />
  );
}
