import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SkipLink } from '../components/skip-link';
import { AssistantDock } from '../features/assistant/assistant-dock';
import { ContextualHint } from '../features/onboarding/contextual-hint';
import { OnboardingTour } from '../features/onboarding/onboarding-tour';
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
  const hint = (
    <>
      {resolved.page === 'dashboard' && <OnboardingTour />}
      <ContextualHint page={resolved.page} />
    </>
  );
  const page = (
    <PageErrorBoundary key={resolved.page}>
      <Suspense fallback={<PageLoading />}>
        <PageContent page={resolved.page} tool={resolved.tool} />
      </Suspense>
    </PageErrorBoundary>
  );
  // §2 "The planner uses its own layout": the window's height below the header, which the
  // page fills (the board grows to the bottom); longer steps scroll inside it. Both layouts
  // keep room at the bottom for the floating quota display (features/shell/quota-float.tsx).
  if (resolved.page === 'planner')
    return (
      <div className="flex h-dvh flex-col bg-slate-50">
        <SkipLink />
        <AppHeader currentPage={resolved.page} />
        <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto outline-none">
          <div className="mx-auto grid min-h-full max-w-screen-2xl grid-rows-[auto_1fr] px-3 pt-3 pb-9 sm:px-6 sm:pt-4">
            {hint}
            <div className="row-start-2 min-w-0">{page}</div>
          </div>
        </main>
        <AssistantDock />
      </div>
    );
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <AppHeader currentPage={resolved.page} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-screen-2xl px-3 pt-6 pb-20 outline-none sm:px-6 sm:pt-8 sm:pb-36"
      >
        {hint}
        {page}
      </main>
      <AssistantDock />
    </div>
  );
}
