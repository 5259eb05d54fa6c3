import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZIdParams } from '../admin/paging';

/** Staff (`vouchers.manage`): deletes the voucher and its usage rows (the audit trail keeps them). */
export const deleteVoucher = defineEndpoint({
  method: 'DELETE',
  path: '/api/admin/vouchers/:id',
  summary: 'Staff: delete a voucher',
  auth: true,
  params: ZIdParams,
  response: ZOk,
  audit: { action: 'vouchers.delete', target: 'voucher' },
});
