import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { PUBLIC_LINKS } from './public-links';

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-slate-600">develop, plan, operate</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-700 hover:text-slate-900">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/changelog" className="text-slate-700 hover:text-slate-900">
                Changelog
              </Link>
            </li>
            <li>
              <Link to="/auth" className="text-slate-700 hover:text-slate-900">
                Sign in
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">
        Stratum is self-hosted: this instance and its data belong to whoever runs it.
      </p>
    </footer>
  );
}
