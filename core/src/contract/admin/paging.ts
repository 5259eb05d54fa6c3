import { z } from 'zod';

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
export const ZSearch = z
  .string()
  .max(200)
  .transform((v) => v.trim())
  .optional();

/** An ISO 8601 timestamp with offset, e.g. `2026-11-22T10:00:00Z`. */
export const ZIsoDateTime = z.iso.datetime({ offset: true });

/** A UUID route parameter. */
export const ZIdParams = z.object({ id: z.uuid() });
