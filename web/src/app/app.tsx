import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { ErrorBoundary } from './error-boundary';
import { installErrorReporting } from './error-reporting';
import { SessionGate } from './session-gate';

/** §8: toasts top-center for 4 seconds. */
const TOAST_DURATION_MS = 4000;

installErrorReporting();

export function App() {
  return (
    <>
      <BrowserRouter>
        <ErrorBoundary>
          <SessionGate />
        </ErrorBoundary>
      </BrowserRouter>
      <Toaster
        position="top-center"
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        theme="light"
      />
    </>
  );
}
