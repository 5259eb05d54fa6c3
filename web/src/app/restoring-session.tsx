import { MSG } from '@stratum/core/messages';
import { Spinner } from '../components/spinner';

/** §2: shown while the stored session is being verified. */
export function RestoringSession() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50">
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5 text-brand-600" />
        <span>{MSG.restoringSession}</span>
      </div>
    </main>
  );
}
