import { TriangleAlert } from 'lucide-react';
import { MSG } from '@stratum/core/messages';
import { Button } from '../components/button';

export interface RuntimeErrorPanelProps {
  error: Error;
  onRetry: () => void;
  /** The heading's level: 1 on the full screen, 2 inside the app's page area. */
  headingLevel?: 1 | 2;
}

/** §2 "Runtime error screen": heading, text, the error message and 'Try Again'. */
export function RuntimeErrorPanel({ error, onRetry, headingLevel = 1 }: RuntimeErrorPanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div
      role="alert"
      className="w-full max-w-xl rounded-lg border border-red-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-1 size-6 shrink-0 text-red-600" aria-hidden="true" />
        <div className="min-w-0">
          <Heading className="text-xl font-semibold text-slate-900">
            {MSG.runtimeErrorTitle}
          </Heading>
          <p className="mt-2 text-sm text-slate-700">{MSG.runtimeErrorText}</p>
        </div>
      </div>
      <pre
        aria-label="Error details"
        className="mt-4 max-h-48 overflow-auto rounded-md bg-red-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-red-900"
      >
        {error.message || String(error)}
      </pre>
      <div className="mt-5 flex justify-end">
        <Button onClick={onRetry}>{MSG.tryAgain}</Button>
      </div>
    </div>
  );
}

export type RuntimeErrorScreenProps = Omit<RuntimeErrorPanelProps, 'headingLevel'>;

/** The whole window, for an error outside any page (the shell itself, or the public site). */
export function RuntimeErrorScreen({ error, onRetry }: RuntimeErrorScreenProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <RuntimeErrorPanel error={error} onRetry={onRetry} />
    </main>
  );
}
