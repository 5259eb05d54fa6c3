import { createNotice, type TCreateNoticeBody } from '@stratum/core/contract/notices/create-notice';
import { deleteNotice } from '@stratum/core/contract/notices/delete-notice';
import { updateNotice, type TUpdateNoticeBody } from '@stratum/core/contract/notices/update-notice';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';
import { useStaffMutation, type StaffMutationUi } from '../../../lib/api/use-staff-mutation';
import { NOTICE_KEYS } from './keys';

/** A notice change shows in the staff list, in every banner and in the audit trail. */
const INVALIDATE = [NOTICE_KEYS.all, NOTICE_KEYS.banner, AUDIT_QUERY_KEY];

/** POST /api/admin/site-notices. */
export function useCreateNotice(ui: StaffMutationUi<unknown, TCreateNoticeBody>) {
  return useStaffMutation({
    ...ui,
    run: (body: TCreateNoticeBody) => callApi(createNotice, { body }),
    invalidate: INVALIDATE,
  });
}

export interface UpdateNoticeInput {
  id: string;
  body: TUpdateNoticeBody;
}

/** PUT /api/admin/site-notices/{id}: edit, activate, deactivate, expire. */
export function useUpdateNotice(ui: StaffMutationUi<unknown, UpdateNoticeInput>) {
  return useStaffMutation({
    ...ui,
    run: ({ id, body }: UpdateNoticeInput) => callApi(updateNotice, { params: { id }, body }),
    invalidate: INVALIDATE,
  });
}

/** DELETE /api/admin/site-notices/{id}. */
export function useDeleteNotice(ui: StaffMutationUi<unknown, { id: string }>) {
  return useStaffMutation({
    ...ui,
    run: ({ id }: { id: string }) => callApi(deleteNotice, { params: { id } }),
    invalidate: INVALIDATE,
  });
}
