import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMailingConfig } from '@stratum/core/contract/system-config/delete-mailing-config';
import { getMailingConfig } from '@stratum/core/contract/system-config/get-mailing-config';
import type { TSaveMailingConfigBody } from '@stratum/core/contract/system-config/mailing-config';
import { saveMailingConfig } from '@stratum/core/contract/system-config/save-mailing-config';
import { testMailingConfig } from '@stratum/core/contract/system-config/test-mailing-config';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';
import { useStaffMutation, type StaffMutationUi } from '../../../lib/api/use-staff-mutation';

/** The system configuration feature's query keys. */
export const SYSTEM_KEYS = { mailing: ['admin', 'mailing'] as const };

const INVALIDATE = [SYSTEM_KEYS.mailing, AUDIT_QUERY_KEY];

/** GET /api/admin/system/mailing (owner, admin): the saved config and where mail goes now. */
export const mailingConfigQuery = queryOptions({
  queryKey: SYSTEM_KEYS.mailing,
  queryFn: ({ signal }) => callApi(getMailingConfig, { signal }),
});

/** PUT /api/admin/system/mailing. */
export function useSaveMailingConfig(ui: StaffMutationUi<unknown, TSaveMailingConfigBody>) {
  return useStaffMutation({
    ...ui,
    run: (body: TSaveMailingConfigBody) => callApi(saveMailingConfig, { body }),
    invalidate: INVALIDATE,
  });
}

/** DELETE /api/admin/system/mailing: back to SMTP_URL or the outbox. */
export function useDeleteMailingConfig(ui: StaffMutationUi<unknown, void>) {
  return useStaffMutation({
    ...ui,
    run: () => callApi(deleteMailingConfig),
    invalidate: INVALIDATE,
  });
}

/** POST /api/admin/system/mailing/test: a real mail; the answer says whether it went. */
export function useTestMailingConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: string | undefined) => callApi(testMailingConfig, { body: { to } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY }),
  });
}
