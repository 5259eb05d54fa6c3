/** The vouchers feature's query keys. */
export const VOUCHER_KEYS = {
  all: ['admin', 'vouchers'] as const,
  list: (query: Record<string, string>) => ['admin', 'vouchers', 'list', query] as const,
  usages: (id: string) => ['admin', 'vouchers', 'usages', id] as const,
};
