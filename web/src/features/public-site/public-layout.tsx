import { Outlet } from 'react-router';
import { SkipLink } from '../../components/skip-link';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** The frame of every signed-out page. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
