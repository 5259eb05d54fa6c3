import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SparkleLayer } from '../components/sparkle-layer';
import { ForumsPrefetch } from '../features/forums/prefetch';
import { QuotaFloat } from '../features/shell/quota-float';
import { ApiError } from '../lib/api-client';
import { LiveProvider } from '../lib/live/live-provider';
import { AppShell } from './app-shell';

const MAX_RETRIES = 2;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; a 401 has already ended the session.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status < 500) && failures < MAX_RETRIES,
      staleTime: 15_000,
      refetchOnWindowFocus: false,
    },
  },
});

/** Everything a signed-in user gets; its own chunk, never downloaded by the public site. */
export function SignedInApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveProvider>
        <AppShell />
        <ForumsPrefetch />
        <QuotaFloat />
        <SparkleLayer />
      </LiveProvider>
    </QueryClientProvider>
  );
}
