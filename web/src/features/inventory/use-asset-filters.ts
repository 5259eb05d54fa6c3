import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { TAssetFilters } from './api/assets';

export const FACET_KEYS = ['cloud', 'type', 'region', 'tag', 'source'] as const;
export type TFacetKey = (typeof FACET_KEYS)[number];

/**
 * The table's filters live in the address (`/inventory?cloud=aws&q=logs`), so a filtered view
 * can be shared; the search box writes its text there once typing pauses.
 */
export function useAssetFilters() {
  const [params, setParams] = useSearchParams();
  const filters: TAssetFilters = {};
  for (const key of [...FACET_KEYS, 'q'] as const) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const [search, setSearch] = useState(filters.q ?? '');
  const debounced = useDebouncedValue(search, 300);

  const setFilter = useCallback(
    (key: TFacetKey | 'q', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
          next.delete('asset');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (debounced.trim() !== (params.get('q') ?? '')) setFilter('q', debounced.trim());
    // Only the typed text drives this; a link that changes `q` resets the box below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const clearAll = () => {
    setSearch('');
    setParams(new URLSearchParams(), { replace: true });
  };

  /** The open asset (drawer), also in the address. */
  const assetId = params.get('asset');
  const openAsset = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('asset', id);
        else next.delete('asset');
        return next;
      },
      { replace: false },
    );

  return { filters, search, setSearch, setFilter, clearAll, assetId, openAsset };
}
