import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPageQuery, zPage, ZSearch } from '../admin/paging';
import { ZVoucher } from './voucher';

export const VOUCHER_FILTERS = ['all', 'usable', 'expired', 'exhausted'] as const;

export const ZListVouchersQuery = ZPageQuery.extend({
  /** usable: neither expired nor used up. */
  status: z.enum(VOUCHER_FILTERS).default('all'),
  /** Part of the code, with or without dashes. */
  search: ZSearch,
});
export type TListVouchersQuery = z.output<typeof ZListVouchersQuery>;

export const ZListVouchersResponse = z.object({
  success: z.literal(true),
  data: zPage(ZVoucher),
});
export type TListVouchersResponse = z.infer<typeof ZListVouchersResponse>;

/** Staff (`vouchers.read`), newest first. */
export const listVouchers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/vouchers',
  summary: 'Staff: vouchers with their usage counts',
  auth: true,
  querystring: ZListVouchersQuery,
  response: ZListVouchersResponse,
});
