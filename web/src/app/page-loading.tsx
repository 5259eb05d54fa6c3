import clsx from 'clsx';
import { Spinner } from '../components/spinner';

export interface PageLoadingProps {
  /** Fill the viewport, so that the footer below does not jump when the page arrives. */
  isFullHeight?: boolean;
}

/** While a page's code downloads. */
export function PageLoading({ isFullHeight = false }: PageLoadingProps) {
  return (
    <div
      role="status"
      className={clsx(
        'flex items-center justify-center text-slate-600',
        isFullHeight ? 'min-h-screen' : 'min-h-[40vh]',
      )}
    >
      <Spinner className="size-5 text-brand-600" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
