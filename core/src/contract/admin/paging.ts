import { z } from 'zod';
import { ZDateTime, zString } from '../common';

/** `?page=1&pageSize=20`: 1-based pages of at most 100 rows. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One page of a list: the rows, how many match in all, and where this page is. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** A free-text search of at most 200 characters; blank means none. */
export const ZSearch = zString(200)
  .transform((v) => v.trim())
  .optional();

/** An ISO 8601 timestamp with offset, in years 1 to 9999 (`ZDateTime`). */
export const ZIsoDateTime = ZDateTime;

/** A UUID route parameter. */
export const ZIdParams = z.object({ id: z.uuid() });
