/** The Costing page's query keys (the price book's is shared, in lib/api/price-book.ts). */
export const costingKeys = {
  all: ['costing'] as const,
  project: (id: string) => ['costing', 'project', id] as const,
  estimate: (body: unknown) => ['costing', 'estimate', body] as const,
  compare: (body: unknown) => ['costing', 'compare', body] as const,
  history: (projectId: string) => ['costing', 'history', projectId] as const,
};
