import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listAuditLog } from '@stratum/core/contract/audit/list-audit-log';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';

/**
 * GET /api/admin/audit (staff), one page of a filter. Its key sits under the shared audit
 * key, which every staff mutation reloads.
 */
export const auditLogQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: [...AUDIT_QUERY_KEY, query],
    queryFn: ({ signal }) => callApi(listAuditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
