import { useQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TSource } from '@stratum/core/contract/inventory/model';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/text-field';
import { ListState } from '../../components/list-state';
import { assetsQuery, downloadAssetsCsv, facetsQuery } from './api/assets';
import { AssetDrawer } from './asset-drawer';
import { AssetsTable } from './assets-table';
import { ColumnChooser } from './column-chooser';
import { readColumns, writeColumns, type TColumnId } from './columns';
import { errorText } from './error-text';
import { FacetsPanel } from './facets-panel';
import { useAssetFilters } from './use-asset-filters';
import { useTagViolations } from './use-tag-violations';

/** The assets of every source: facets, search, the table, export and the detail drawer. */
export function AssetsView({ sources }: { sources: readonly TSource[] }) {
  const { filters, search, setSearch, setFilter, clearAll, assetId, openAsset } = useAssetFilters();
  const [columns, setColumns] = useState<TColumnId[]>(readColumns);
  const [isExporting, setIsExporting] = useState(false);
  const [onlyViolations, setOnlyViolations] = useState(false);
  const violations = useTagViolations();
  const assets = useQuery(assetsQuery(filters));
  const facets = useQuery(facetsQuery(filters));
  const sourceNames = new Map(sources.map((s) => [s.id, s.name]));
  const isFiltered = Object.keys(filters).length > 0;

  const chooseColumns = (next: TColumnId[]) => {
    setColumns(next);
    writeColumns(next);
  };
  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadAssetsCsv(filters, columns);
    } catch (error) {
      toast.error(errorText(error, 'The export failed.'));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <section aria-labelledby="assets-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="assets-title" className="text-lg font-semibold text-slate-900">
          Assets{' '}
          {assets.data && (
            <span className="text-base font-normal text-slate-600">
              ({assets.data.total.toLocaleString()}
              {isFiltered ? ' matching' : ''})
            </span>
          )}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <ColumnChooser columns={columns} onChange={chooseColumns} />
          <Button
            variant="secondary"
            size="sm"
            isLoading={isExporting}
            onClick={() => void exportCsv()}
          >
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-64">
          <Search
            className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500"
            aria-hidden="true"
          />
          <input
            type="search"
            aria-label="Search assets"
            placeholder="Search address, name, type, id or tag value"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={`${inputClasses} pl-8`}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={onlyViolations}
            onChange={(e) => setOnlyViolations(e.target.checked)}
            className="size-4 rounded border-slate-300"
          />
          Only assets that break a tag policy ({violations.size})
        </label>
        {isFiltered && (
          <Button variant="ghost" size="sm" onClick={clearAll}>
            Clear filters
          </Button>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <aside
          aria-label="Filters"
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-3"
        >
          <ListState result={facets} what="the facets">
            {(f) => (
              <FacetsPanel
                facets={f}
                filters={filters}
                sourceNames={sourceNames}
                onFilter={setFilter}
              />
            )}
          </ListState>
        </aside>
        <div className="min-w-0">
          <ListState result={assets} what="the assets">
            {(all) => {
              const data = onlyViolations
                ? { items: all.items.filter((a) => violations.has(a.id)), total: violations.size }
                : all;
              return data.items.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
                  {onlyViolations
                    ? 'No asset here breaks a tag policy.'
                    : isFiltered
                      ? 'No asset matches these filters.'
                      : 'The sources hold no managed resource.'}
                </p>
              ) : (
                <AssetsTable
                  assets={data.items}
                  total={data.total}
                  columns={columns}
                  selectedId={assetId}
                  onOpen={openAsset}
                  tagViolations={violations}
                />
              );
            }}
          </ListState>
        </div>
      </div>
      {assetId && <AssetDrawer assetId={assetId} onClose={() => openAsset(null)} />}
    </section>
  );
}
