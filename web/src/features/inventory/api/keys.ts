/** The inventory's query keys; the CMDB and drift pages read sources under their own keys. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  sources: ['inventory', 'sources'] as const,
  source: (id: string) => ['inventory', 'sources', id] as const,
  compare: (id: string, from: number, to: number) =>
    ['inventory', 'sources', id, 'compare', from, to] as const,
  assets: (query: unknown) => ['inventory', 'assets', query] as const,
  facets: (query: unknown) => ['inventory', 'facets', query] as const,
  asset: (id: string) => ['inventory', 'asset', id] as const,
};
