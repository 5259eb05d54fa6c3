import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime } from '../admin/paging';

export const ZClearErrorLogsQuery = z.object({
  /** Only reports from before this instant; all when omitted. */
  before: ZIsoDateTime.optional(),
});

export const ZClearErrorLogsResponse = z.object({
  success: z.literal(true),
  data: z.object({ deleted: z.number().int() }),
});
export type TClearErrorLogsResponse = z.infer<typeof ZClearErrorLogsResponse>;

/** Staff (`errorLogs.clear`). */
export const clearErrorLogs = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/error-logs',
  summary: 'Staff: clear the error log',
  auth: true,
  querystring: ZClearErrorLogsQuery,
  response: ZClearErrorLogsResponse,
  audit: { action: 'errorLogs.clear', target: 'error_log' },
});
