import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import { ListState } from '../../components/list-state';
import { Logo } from '../../components/logo';
import { useDocumentTitle } from '../../lib/use-document-title';
import { publicStatusQuery } from './api/monitoring';
import { StateLabel, formatUptime } from './check-state';

/** /status/<slug>: a user's public status page, the same for visitors and signed-in users. */
export function PublicStatusRoute({ slug }: { slug: string }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <PublicStatusPage slug={slug} />
    </QueryClientProvider>
  );
}

function PublicStatusPage({ slug }: { slug: string }) {
  const status = useQuery(publicStatusQuery(slug));
  useDocumentTitle(status.data?.title ?? 'Status');
  return (
    <main className="mx-auto min-h-dvh max-w-3xl space-y-6 px-4 py-8">
      <ListState result={status} what="the status page">
        {(page) => {
          const down = page.checks.filter((c) => c.state === 'down').length;
          return (
            <>
              <header className="space-y-3">
                <h1 className="text-2xl font-bold tracking-tight text-slate-900">{page.title}</h1>
                <p
                  role="status"
                  className={clsx(
                    'rounded-lg px-4 py-3 font-semibold',
                    down === 0 ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900',
                  )}
                >
                  {down === 0 ? 'All systems operational' : `${down} of ${page.checks.length} down`}
                </p>
              </header>
              <ul
                aria-label="Services"
                className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
              >
                {page.checks.map((c) => (
                  <li key={c.name} className="space-y-2 px-4 py-3">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium text-slate-900">{c.name}</span>
                      <StateLabel state={c.state} isInMaintenance={c.isInMaintenance} />
                    </div>
                    <div aria-hidden="true" className="flex h-6 gap-px">
                      {c.hours.map((h, i) => (
                        <span
                          key={i}
                          title={h === null ? 'No run' : `${h.toFixed(2)}% up`}
                          className={clsx(
                            'flex-1 rounded-sm',
                            h === null
                              ? 'bg-slate-200'
                              : h >= 99.9
                                ? 'bg-green-500'
                                : h >= 95
                                  ? 'bg-amber-400'
                                  : 'bg-red-500',
                          )}
                        />
                      ))}
                    </div>
                    <div
                      aria-hidden="true"
                      className="flex justify-between text-[11px] text-slate-500"
                    >
                      <span>24 hours ago</span>
                      <span>Now</span>
                    </div>
                    <p className="text-xs text-slate-600">
                      Uptime: {formatUptime(c.uptime24h)} over 24 hours, {formatUptime(c.uptime30d)}{' '}
                      over 30 days
                    </p>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-slate-500">
                Updated {new Date(page.updatedAt).toLocaleString()}
              </p>
            </>
          );
        }}
      </ListState>
      <footer className="flex items-center gap-2 text-xs text-slate-500">
        Powered by <Logo />
      </footer>
    </main>
  );
}
