import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { session, useSession } from '../lib/session';
import { lazyNamed } from './lazy-named';
import { PageLoading } from './page-loading';
import { PublicSite } from './public-site';
import { RestoringSession } from './restoring-session';

// The signed-in app is its own chunk: a visitor of the public site never downloads it.
const SignedInApp = lazyNamed(() => import('./signed-in-app').then((m) => m.SignedInApp));
// A user's public status page (/status/<slug>): the same for visitors and signed-in users.
const PublicStatusRoute = lazyNamed(() =>
  import('../features/monitoring/public-status-page').then((m) => m.PublicStatusRoute),
);
const STATUS_PAGE = /^\/status\/([^/]+)\/?$/;

/** Chooses between the public site and the signed-in app from the session's status. */
export function SessionGate() {
  const { status, redirectTo } = useSession();
  const navigate = useNavigate();
  const statusSlug = STATUS_PAGE.exec(useLocation().pathname)?.[1];

  useEffect(() => {
    if (redirectTo === null) return;
    void navigate(redirectTo, { replace: true });
    session.consumeRedirect();
  }, [redirectTo, navigate]);

  if (statusSlug) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PublicStatusRoute slug={statusSlug} />
      </Suspense>
    );
  }
  if (status === 'restoring') return <RestoringSession />;
  if (status === 'signed-out') return <PublicSite />;
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedInApp />
    </Suspense>
  );
}
