import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listAuditLog } from '@stratum/core/contract/audit/list-audit-log';
import { listMyAudit } from '@stratum/core/contract/audit/list-my-audit';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';

/**
 * One page of a filter: GET /api/audit (your own trail) or GET /api/admin/audit (staff, under
 * the shared audit key that every staff mutation reloads).
 */
export const auditTrailQuery = (scope: 'own' | 'staff', query: Record<string, string>) =>
  queryOptions({
    queryKey: [
      ...(scope === 'staff' ? AUDIT_QUERY_KEY : ['audit', 'own']),
      query,
    ] as readonly unknown[],
    queryFn: ({ signal }) =>
      scope === 'staff'
        ? callApi(listAuditLog, { query, signal })
        : callApi(listMyAudit, { query, signal }),
    placeholderData: keepPreviousData,
  });
