import { z } from 'zod';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime, ZPageQuery, zPage, ZSearch } from '../admin/paging';
import { ZErrorLevel, ZErrorLog } from './error-log';

export const ZListErrorLogsQuery = ZPageQuery.extend({
  level: ZErrorLevel.optional(),
  component: zString(200).optional(),
  /** Matches the message, URL or action. */
  search: ZSearch,
  /** Reported at or after. */
  from: ZIsoDateTime.optional(),
  /** Reported before. */
  to: ZIsoDateTime.optional(),
});
export type TListErrorLogsQuery = z.output<typeof ZListErrorLogsQuery>;

export const ZListErrorLogsResponse = z.object({
  success: z.literal(true),
  data: zPage(ZErrorLog).extend({
    /** Every component that reported, for the filter. */
    components: z.array(z.string()),
  }),
});
export type TListErrorLogsResponse = z.infer<typeof ZListErrorLogsResponse>;

/** Staff (`errorLogs.read`), newest first. */
export const listErrorLogs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/error-logs',
  summary: 'Staff: reported errors, filtered by level, component, text and date',
  auth: true,
  querystring: ZListErrorLogsQuery,
  response: ZListErrorLogsResponse,
});
