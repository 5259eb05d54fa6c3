import { Spinner } from '../components/spinner';

/** While a page's code downloads. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-slate-600">
      <Spinner className="size-5 text-brand-600" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
