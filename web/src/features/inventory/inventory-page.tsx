import { useQuery } from '@tanstack/react-query';
import { ListState } from '../../components/list-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { sourcesQuery } from './api/sources';
import { AssetsView } from './assets-view';
import { InventoryEmptyState } from './empty-state';
import { ImportPanel } from './import-panel';
import { SourcesList } from './sources-list';

/** The Inventory page: the sources (files imported, their versions and schedules) and their assets. */
export function InventoryPage() {
  useDocumentTitle('Inventory');
  const sources = useQuery(sourcesQuery());
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Inventory</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Every managed resource of your Terraform states, plans, Azure what-if runs and driftctl
          reports, in one list you can filter, search and export.
        </p>
      </div>
      <section aria-labelledby="sources-title" className="space-y-3">
        <h2 id="sources-title" className="text-lg font-semibold text-slate-900">
          Sources
        </h2>
        <ImportPanel />
        <ListState result={sources} what="the sources">
          {(items) =>
            items.length === 0 ? <InventoryEmptyState /> : <SourcesList sources={items} />
          }
        </ListState>
      </section>
      {sources.data && sources.data.length > 0 && <AssetsView sources={sources.data} />}
    </div>
  );
}
