import { useQuery } from '@tanstack/react-query';
import { Lock, MessageSquare, Pin, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FORUM_PAGE_SIZE } from '@stratum/core/forums/rules';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/text-field';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { formatDateTime } from '../../lib/format-date';
import { threadsQuery } from './api/forums';

export interface ThreadListProps {
  categoryId: string | undefined;
  q: string;
  page: number;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
  onOpen: (threadId: string) => void;
}

/** One page of threads (20, §9), pinned first, with search over titles and posts. */
export function ThreadList({ categoryId, q, page, onSearch, onPage, onOpen }: ThreadListProps) {
  const [draft, setDraft] = useState(q);
  const result = useQuery(threadsQuery({ page, categoryId, q }));
  const data = result.data?.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <section aria-label="Threads" className="min-w-0">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <input
          type="search"
          aria-label="Search the forums"
          placeholder="Search titles and posts"
          className={inputClasses}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </Button>
      </form>
      {q && (
        <p className="mt-2 text-sm text-slate-700">
          Results for “{q}”{' '}
          <button
            type="button"
            className="text-brand-700 underline"
            onClick={() => {
              setDraft('');
              onSearch('');
            }}
          >
            clear
          </button>
        </p>
      )}
      <div className="mt-3">
        {result.isPending && <Spinner className="mx-auto size-6" />}
        {result.isError && <p className="text-sm text-red-700">The threads could not be loaded.</p>}
        {data && data.items.length === 0 && (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            {q ? 'No thread matches this search.' : 'No threads here yet. Start the first one.'}
          </p>
        )}
        {data && data.items.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.items.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onOpen(t.id)}
                  className="block w-full px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-1.5">
                        {t.isPinned && (
                          <Pin className="size-3.5 text-brand-700" aria-label="Pinned" />
                        )}
                        {t.isLocked && (
                          <Lock className="size-3.5 text-amber-700" aria-label="Locked" />
                        )}
                        <span className="font-medium break-words text-slate-900">{t.title}</span>
                        {t.isHidden && <Badge tone="warning">Hidden</Badge>}
                      </div>
                      <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{t.excerpt}</p>
                      <p className="mt-1 text-xs text-slate-600">
                        <Badge>{t.category.name}</Badge> {t.author.name} · last activity{' '}
                        {formatDateTime(t.lastPostAt)}
                      </p>
                    </div>
                    <span
                      className="flex shrink-0 items-center gap-1 text-sm text-slate-600"
                      aria-label={`${t.replyCount} replies`}
                    >
                      <MessageSquare className="size-4" aria-hidden="true" />
                      {t.replyCount}
                    </span>
                  </div>
                </button>
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pagination
            page={page}
            pageSize={FORUM_PAGE_SIZE}
            total={data.total}
            onPageChange={onPage}
            label="threads"
          />
        )}
      </div>
    </section>
  );
}
