import clsx from 'clsx';
import { X } from 'lucide-react';
import type { TAssetFacets } from '@stratum/core/contract/inventory/model';
import type { TAssetFilters } from './api/assets';
import type { TFacetKey } from './use-asset-filters';

const FACET_TITLES: Record<TFacetKey, string> = {
  cloud: 'Cloud',
  type: 'Type',
  region: 'Region',
  tag: 'Tag',
  source: 'Source',
};
const SHOWN = 12;

export interface FacetsPanelProps {
  facets: TAssetFacets;
  filters: TAssetFilters;
  /** Source ids to names (the source facet counts by id). */
  sourceNames: ReadonlyMap<string, string>;
  onFilter: (key: TFacetKey, value: string | null) => void;
}

/** Counts by cloud, type, region, tag and source for the current filters; a click filters. */
export function FacetsPanel({ facets, filters, sourceNames, onFilter }: FacetsPanelProps) {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-1">
      {(Object.keys(FACET_TITLES) as TFacetKey[]).map((key) => {
        const active = filters[key];
        const values = facets[key];
        return (
          <fieldset key={key} className="min-w-0">
            <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-700 uppercase">
              {FACET_TITLES[key]}
            </legend>
            {active && (
              <button
                type="button"
                onClick={() => onFilter(key, null)}
                className="mb-1 inline-flex max-w-full items-center gap-1 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-medium text-white"
                aria-label={`Remove the ${FACET_TITLES[key].toLowerCase()} filter ${label(key, active, sourceNames)}`}
              >
                <span className="truncate">{label(key, active, sourceNames)}</span>
                <X className="size-3 shrink-0" aria-hidden="true" />
              </button>
            )}
            {values.length === 0 ? (
              <p className="text-xs text-slate-500">None</p>
            ) : (
              <ul className="space-y-0.5">
                {values.slice(0, SHOWN).map((v) => (
                  <li key={v.value}>
                    <button
                      type="button"
                      aria-pressed={active === v.value}
                      onClick={() => onFilter(key, active === v.value ? null : v.value)}
                      className={clsx(
                        'flex w-full items-center justify-between gap-2 rounded px-1.5 py-0.5 text-left text-sm hover:bg-slate-100',
                        active === v.value ? 'font-semibold text-brand-800' : 'text-slate-800',
                      )}
                    >
                      <span className="truncate">{label(key, v.value, sourceNames)}</span>
                      <span className="shrink-0 text-xs text-slate-600 tabular-nums">
                        {v.count.toLocaleString()}
                      </span>
                    </button>
                  </li>
                ))}
                {values.length > SHOWN && (
                  <li className="px-1.5 text-xs text-slate-500">
                    and {values.length - SHOWN} more: search to narrow
                  </li>
                )}
              </ul>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}

function label(key: TFacetKey, value: string, sourceNames: ReadonlyMap<string, string>): string {
  if (key === 'source') return sourceNames.get(value) ?? value;
  if (key === 'cloud' && value === '') return 'none';
  return value;
}
