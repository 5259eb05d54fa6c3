import { queryOptions, useQuery } from '@tanstack/react-query';
import { PriceBook } from '@stratum/core/costing/book';
import { getPriceBook } from '@stratum/core/contract/costing/price-book';
import { callApi } from '../api-client';

/** The key the board's running total and the Costing page share: one download per session. */
export const PRICE_BOOK_QUERY_KEY = ['costing', 'price-book'] as const;

// Built once per downloaded book (the lookups take a few ms), whoever asks first.
const books = new WeakMap<object, PriceBook>();
const toBook = (data: ConstructorParameters<typeof PriceBook>[0]): PriceBook => {
  let book = books.get(data);
  if (!book) {
    book = new PriceBook(data);
    books.set(data, book);
  }
  return book;
};

/**
 * GET /api/costing/price-book: the book in force, fetched once (not bundled: it is the admin's
 * to refresh) and kept for the session; a refresh after 30 minutes picks up an import.
 */
export const priceBookQuery = queryOptions({
  queryKey: PRICE_BOOK_QUERY_KEY,
  queryFn: async ({ signal }) => (await callApi(getPriceBook, { signal })).data,
  staleTime: 30 * 60_000,
  gcTime: Infinity,
  select: toBook,
});

/** The price book for pricing in the browser (undefined while it loads or when it failed). */
export function usePriceBook() {
  return useQuery(priceBookQuery);
}
