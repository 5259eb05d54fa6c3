import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listActivationRequests } from '@stratum/core/contract/subscription/list-activation-requests';
import {
  processRequest,
  type TProcessRequestBody,
} from '@stratum/core/contract/subscription/process-request';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';
import { useStaffMutation, type StaffMutationUi } from '../../../lib/api/use-staff-mutation';
import { ADMIN_KEYS } from './keys';

/** GET /api/subscription/requests (staff), one page of a filter. */
export const requestsQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: ADMIN_KEYS.requestList(query),
    queryFn: ({ signal }) => callApi(listActivationRequests, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** POST /api/subscription/process-request/{id}: approval changes the user's plan too. */
export function useProcessRequest(id: string, ui: StaffMutationUi<unknown, TProcessRequestBody>) {
  return useStaffMutation({
    ...ui,
    run: (body: TProcessRequestBody) => callApi(processRequest, { params: { id }, body }),
    invalidate: [ADMIN_KEYS.requests, ADMIN_KEYS.users, AUDIT_QUERY_KEY],
  });
}
