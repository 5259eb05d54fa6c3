import { Spinner } from '../../components/spinner';

/** While a step's code (the board, the code viewer) downloads. */
export function StepLoading() {
  return (
    <div role="status" className="flex min-h-[30vh] items-center justify-center text-slate-600">
      <Spinner className="size-5 text-brand-600" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
