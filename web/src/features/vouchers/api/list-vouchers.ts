import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listVoucherUsages } from '@stratum/core/contract/vouchers/list-voucher-usages';
import { listVouchers } from '@stratum/core/contract/vouchers/list-vouchers';
import { callApi } from '../../../lib/api-client';
import { VOUCHER_KEYS } from './keys';

/** GET /api/admin/vouchers (staff), one page of a filter; the last page stays while loading. */
export const vouchersQuery = (query: Record<string, string>) =>
  queryOptions({
    queryKey: VOUCHER_KEYS.list(query),
    queryFn: ({ signal }) => callApi(listVouchers, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/vouchers/{id}/usages (staff): who redeemed it and what they got. */
export const voucherUsagesQuery = (id: string) =>
  queryOptions({
    queryKey: VOUCHER_KEYS.usages(id),
    queryFn: ({ signal }) => callApi(listVoucherUsages, { params: { id }, signal }),
  });
