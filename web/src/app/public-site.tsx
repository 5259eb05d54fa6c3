import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LandingPage } from '../features/public-site/landing-page';
import { PublicLayout } from '../features/public-site/public-layout';
import { lazyNamed } from './lazy-named';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading } from './page-loading';

const FeaturesPage = lazyNamed(() =>
  import('../features/public-site/features-page').then((m) => m.FeaturesPage),
);
const AboutPage = lazyNamed(() =>
  import('../features/public-site/about-page').then((m) => m.AboutPage),
);
const PrivacyPage = lazyNamed(() =>
  import('../features/public-site/privacy-page').then((m) => m.PrivacyPage),
);
const TermsPage = lazyNamed(() =>
  import('../features/public-site/terms-page').then((m) => m.TermsPage),
);
const ContactPage = lazyNamed(() =>
  import('../features/contact/contact-page').then((m) => m.ContactPage),
);
const ChangelogPage = lazyNamed(() =>
  import('../features/changelog/changelog-page').then((m) => m.ChangelogPage),
);
const AuthPage = lazyNamed(() => import('../features/auth/auth-page').then((m) => m.AuthPage));
const ResetPasswordPage = lazyNamed(() =>
  import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
);

/**
 * §2 "Signed-out routes"; any other path goes to /. The landing page ships with the entry so
 * that `/` paints in one round trip; the other pages are split out.
 */
export function PublicSite() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="features" element={<Page element={<FeaturesPage />} />} />
        <Route path="about" element={<Page element={<AboutPage />} />} />
        <Route path="privacy" element={<Page element={<PrivacyPage />} />} />
        <Route path="terms" element={<Page element={<TermsPage />} />} />
        <Route path="contact" element={<Page element={<ContactPage />} />} />
        <Route path="changelog" element={<Page element={<ChangelogPage />} />} />
        <Route path="auth" element={<Page element={<AuthPage />} />} />
        <Route path="reset-password" element={<Page element={<ResetPasswordPage />} />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** A page that fails (its code cannot be downloaded) leaves the header and footer in place. */
function Page({ element }: { element: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading isFullHeight />}>{element}</Suspense>
    </PageErrorBoundary>
  );
}
