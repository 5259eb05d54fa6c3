import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  clearErrorLogs,
  type TClearErrorLogsResponse,
} from '@stratum/core/contract/error-logs/clear-error-logs';
import { listErrorLogs } from '@stratum/core/contract/error-logs/list-error-logs';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';
import { useStaffMutation, type StaffMutationUi } from '../../../lib/api/use-staff-mutation';

/** The error logs feature's query keys. */
export const ERROR_LOG_KEYS = {
  all: ['admin', 'error-logs'] as const,
  list: (query: Record<string, string>) => ['admin', 'error-logs', query] as const,
};

/** GET /api/admin/error-logs (staff), one page of a filter. */
export const errorLogsQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: ERROR_LOG_KEYS.list(query),
    queryFn: ({ signal }) => callApi(listErrorLogs, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** DELETE /api/admin/error-logs?before= (owner, admin). */
export function useClearErrorLogs(
  ui: StaffMutationUi<TClearErrorLogsResponse, { before?: string }>,
) {
  return useStaffMutation({
    ...ui,
    run: ({ before }: { before?: string }) =>
      callApi(clearErrorLogs, { query: before ? { before } : {} }),
    invalidate: [ERROR_LOG_KEYS.all, AUDIT_QUERY_KEY],
  });
}
