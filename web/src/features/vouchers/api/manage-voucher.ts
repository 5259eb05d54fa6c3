import {
  createVoucher,
  type TCreateVoucherBody,
  type TVoucherResponse,
} from '@stratum/core/contract/vouchers/create-voucher';
import { deleteVoucher } from '@stratum/core/contract/vouchers/delete-voucher';
import { expireVoucher } from '@stratum/core/contract/vouchers/expire-voucher';
import type { TVoucher } from '@stratum/core/contract/vouchers/voucher';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';
import { useStaffMutation, type StaffMutationUi } from '../../../lib/api/use-staff-mutation';
import { VOUCHER_KEYS } from './keys';

const INVALIDATE = [VOUCHER_KEYS.all, AUDIT_QUERY_KEY];

/** POST /api/admin/vouchers (owner, admin). */
export function useCreateVoucher(ui: StaffMutationUi<TVoucherResponse, TCreateVoucherBody>) {
  return useStaffMutation({
    ...ui,
    run: (body: TCreateVoucherBody) => callApi(createVoucher, { body }),
    invalidate: INVALIDATE,
  });
}

/** POST /api/admin/vouchers/{id}/expire (owner, admin). */
export function useExpireVoucher(ui: StaffMutationUi<unknown, TVoucher>) {
  return useStaffMutation({
    ...ui,
    run: (v: TVoucher) => callApi(expireVoucher, { params: { id: v.id } }),
    invalidate: INVALIDATE,
  });
}

/** DELETE /api/admin/vouchers/{id} (owner, admin). */
export function useDeleteVoucher(ui: StaffMutationUi<unknown, TVoucher>) {
  return useStaffMutation({
    ...ui,
    run: (v: TVoucher) => callApi(deleteVoucher, { params: { id: v.id } }),
    invalidate: INVALIDATE,
  });
}
