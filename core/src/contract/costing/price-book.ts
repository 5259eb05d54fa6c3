import { z } from 'zod';
import type { TPriceBookData } from '../../costing/book';
import { defineEndpoint } from '../endpoint';

/**
 * The price book in force (the seed plus the admin's imports), in its compact form
 * (`stratum-price-book/1`): the board prices the design in the browser from it, so its running
 * total follows every change without a round trip. Cached by version (ETag).
 */
export const getPriceBook = defineEndpoint({
  method: 'GET',
  path: '/api/costing/price-book',
  summary: 'The price book in force (compact rows, with sources and dates)',
  auth: true,
  response: z.object({
    success: z.literal(true),
    // The rows are tuples (see PRICE_BOOK_COLUMNS): validated where the book is built, not here.
    data: z.custom<TPriceBookData>((v) => typeof v === 'object' && v !== null),
  }),
});
