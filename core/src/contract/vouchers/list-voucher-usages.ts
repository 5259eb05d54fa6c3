import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZVoucher, ZVoucherUsage } from './voucher';

export const ZListVoucherUsagesResponse = z.object({
  success: z.literal(true),
  data: z.object({ voucher: ZVoucher, items: z.array(ZVoucherUsage) }),
});
export type TListVoucherUsagesResponse = z.infer<typeof ZListVoucherUsagesResponse>;

/** Staff (`vouchers.read`): who redeemed the voucher and what they got, newest first. */
export const listVoucherUsages = defineEndpoint({
  method: 'GET',
  path: '/api/admin/vouchers/:id/usages',
  summary: 'Staff: the redemptions of one voucher',
  auth: true,
  params: ZIdParams,
  response: ZListVoucherUsagesResponse,
});
