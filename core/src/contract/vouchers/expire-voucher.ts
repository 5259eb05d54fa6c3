import { defineEndpoint } from '../endpoint';
import { ZIdParams } from '../admin/paging';
import { ZVoucherResponse } from './create-voucher';

/** Staff (`vouchers.manage`): sets the expiry to now, so it can no longer be redeemed. */
export const expireVoucher = defineEndpoint({
  method: 'POST',
  path: '/api/admin/vouchers/:id/expire',
  summary: 'Staff: expire a voucher now',
  auth: true,
  params: ZIdParams,
  response: ZVoucherResponse,
  audit: { action: 'vouchers.expire', target: 'voucher' },
});
