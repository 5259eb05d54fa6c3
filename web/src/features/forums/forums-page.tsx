import { useQuery } from '@tanstack/react-query';
import { Flag, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROLES, type TRole } from '@stratum/core/contract/common';
import { canModerateForums } from '@stratum/core/forums/rules';
import { Button } from '../../components/button';
import { useCurrentUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { categoriesQuery } from './api/forums';
import { CategoriesDialog } from './categories-dialog';
import { CategoryList } from './category-list';
import { NewThreadDialog } from './new-thread-dialog';
import { ReportsPanel } from './reports-panel';
import { ThreadList } from './thread-list';
import { ThreadView } from './thread-view';

const asRole = (role: string): TRole =>
  (ROLES as readonly string[]).includes(role) ? (role as TRole) : 'user';

/**
 * The forums. The address keeps the view: `?thread=<id>`, or the list with `?category=`, `?q=`
 * and `?page=`, or `?view=reports` for moderators.
 */
export function ForumsPage() {
  useDocumentTitle('Forums');
  const user = useCurrentUser();
  const isModerator = canModerateForums(asRole(user.role));
  const [params, setParams] = useSearchParams();
  const [isComposing, setIsComposing] = useState(false);
  const [isManaging, setIsManaging] = useState(false);
  const categories = useQuery(categoriesQuery);
  const categoryList = categories.data?.data.categories ?? [];

  const threadId = params.get('thread');
  const categoryId = params.get('category') ?? undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const isReports = isModerator && params.get('view') === 'reports';

  const go = (next: Record<string, string | undefined>) => {
    const entries = Object.entries(next).filter((e): e is [string, string] => Boolean(e[1]));
    setParams(new URLSearchParams(entries));
  };
  const openThread = (id: string) => go({ thread: id });
  const backToList = () => go({ category: categoryId, q: q || undefined });

  if (threadId) return <ThreadView key={threadId} threadId={threadId} onBack={backToList} />;

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Forums</h1>
          <p className="text-sm text-slate-600">
            Questions and answers among the users of this instance.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isModerator && (
            <>
              <Button variant="secondary" onClick={() => go(isReports ? {} : { view: 'reports' })}>
                <Flag className="size-4" aria-hidden="true" />
                {isReports ? 'Threads' : 'Reports'}
              </Button>
              <Button variant="secondary" onClick={() => setIsManaging(true)}>
                <Settings2 className="size-4" aria-hidden="true" />
                Categories
              </Button>
            </>
          )}
          <Button disabled={categoryList.length === 0} onClick={() => setIsComposing(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New thread
          </Button>
        </div>
      </header>
      {isReports ? (
        <ReportsPanel onOpenThread={openThread} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <CategoryList
            categories={categoryList}
            selectedId={categoryId}
            onSelect={(id) => go({ category: id })}
          />
          <ThreadList
            key={`${categoryId ?? ''}|${q}`}
            categoryId={categoryId}
            q={q}
            page={page}
            onSearch={(next) => go({ category: categoryId, q: next || undefined })}
            onPage={(next) => go({ category: categoryId, q: q || undefined, page: String(next) })}
            onOpen={openThread}
          />
        </div>
      )}
      {categories.isSuccess && categoryList.length === 0 && (
        <p className="text-sm text-slate-600">
          {isModerator
            ? 'Add a category to open the forums.'
            : 'The forums have no categories yet; a moderator adds them.'}
        </p>
      )}
      {isComposing && (
        <NewThreadDialog
          isOpen
          onOpenChange={setIsComposing}
          categories={categoryList}
          defaultCategoryId={categoryId}
          onCreated={(id) => {
            setIsComposing(false);
            openThread(id);
          }}
        />
      )}
      <CategoriesDialog
        isOpen={isManaging}
        onOpenChange={setIsManaging}
        categories={categoryList}
      />
    </div>
  );
}
