import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SkipLink } from '../components/skip-link';
import { ContextualHint } from '../features/onboarding/contextual-hint';
import { AppHeader } from '../features/shell/app-header';
import { resolvePage } from '../lib/pages';
import { useCurrentUser } from '../lib/session';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';
import { PageContent } from './page-content';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading } from './page-loading';

/**
 * §2: the page comes from the first path segment; the current page is remembered
 * (`currentPage`) and the path kept in step; unknown pages and forbidden ones show the dashboard.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const resolved = resolvePage(pathname, user.role, readString(STORAGE_KEYS.currentPage));

  useEffect(() => {
    if (resolved.redirectTo === null) writeString(STORAGE_KEYS.currentPage, resolved.page);
  }, [resolved.page, resolved.redirectTo]);

  if (resolved.redirectTo !== null) return <Navigate to={resolved.redirectTo} replace />;
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <AppHeader currentPage={resolved.page} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-screen-2xl px-3 py-6 outline-none sm:px-6 sm:py-8"
      >
        <ContextualHint page={resolved.page} />
        <PageErrorBoundary key={resolved.page}>
          <Suspense fallback={<PageLoading />}>
            <PageContent page={resolved.page} tool={resolved.tool} />
          </Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}
