import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TAdminUserResponse } from '@stratum/core/contract/admin/admin-user';
import { changeUserCredits } from '@stratum/core/contract/admin/change-user-credits';
import { changeUserPlan } from '@stratum/core/contract/admin/change-user-plan';
import { changeUserRole } from '@stratum/core/contract/admin/change-user-role';
import { deleteUser } from '@stratum/core/contract/admin/delete-user';
import { listUsers } from '@stratum/core/contract/admin/list-users';
import { setUserDisabled } from '@stratum/core/contract/admin/set-user-disabled';
import type { TPlanId, TRole } from '@stratum/core/contract/common';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';
import { useStaffMutation, type StaffMutationUi } from '../../../lib/api/use-staff-mutation';
import { ADMIN_KEYS } from './keys';

/** GET /api/admin/users (staff), one page of a filter. */
export const usersQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: ADMIN_KEYS.userList(query),
    queryFn: ({ signal }) => callApi(listUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });

const INVALIDATE = [ADMIN_KEYS.users, AUDIT_QUERY_KEY];
type Ui<TInput> = StaffMutationUi<TAdminUserResponse, TInput>;

/** PUT /api/admin/users/{id}/role. */
export function useChangeUserRole(id: string, ui: Ui<TRole>) {
  return useStaffMutation({
    ...ui,
    run: (role: TRole) => callApi(changeUserRole, { params: { id }, body: { role } }),
    invalidate: INVALIDATE,
  });
}

/** PUT /api/admin/users/{id}/plan: active from now for `duration` days. */
export function useChangeUserPlan(id: string, ui: Ui<{ planId: TPlanId; duration: number }>) {
  return useStaffMutation({
    ...ui,
    run: (body: { planId: TPlanId; duration: number }) =>
      callApi(changeUserPlan, { params: { id }, body }),
    invalidate: INVALIDATE,
  });
}

/** PUT /api/admin/users/{id}/credits: the new balance. */
export function useChangeUserCredits(id: string, ui: Ui<number>) {
  return useStaffMutation({
    ...ui,
    run: (credits: number) => callApi(changeUserCredits, { params: { id }, body: { credits } }),
    invalidate: INVALIDATE,
  });
}

/** PUT /api/admin/users/{id}/disabled. */
export function useSetUserDisabled(id: string, ui: Ui<boolean>) {
  return useStaffMutation({
    ...ui,
    run: (isDisabled: boolean) =>
      callApi(setUserDisabled, { params: { id }, body: { isDisabled } }),
    invalidate: INVALIDATE,
  });
}

/** DELETE /api/admin/users/{id}. */
export function useDeleteUser(id: string, ui: StaffMutationUi<unknown, void>) {
  return useStaffMutation({
    ...ui,
    run: () => callApi(deleteUser, { params: { id } }),
    invalidate: INVALIDATE,
  });
}
