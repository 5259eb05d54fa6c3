import type { FastifyInstance } from 'fastify';
import { createVoucher } from '@stratum/core/contract/vouchers/create-voucher';
import { deleteVoucher } from '@stratum/core/contract/vouchers/delete-voucher';
import { expireVoucher } from '@stratum/core/contract/vouchers/expire-voucher';
import { listVoucherUsages } from '@stratum/core/contract/vouchers/list-voucher-usages';
import { listVouchers } from '@stratum/core/contract/vouchers/list-vouchers';
import { previewVoucher } from '@stratum/core/contract/vouchers/preview-voucher';
import { redeemVoucher } from '@stratum/core/contract/vouchers/redeem-voucher';
import { actorOf } from '../../lib/audit';
import { requireStaff } from '../../lib/permissions';
import { addRoute, type Authenticator } from '../../lib/route';
import { VoucherService, type VoucherDeps } from './service';

export function registerVoucherRoutes(
  app: FastifyInstance,
  deps: VoucherDeps,
  authenticate: Authenticator,
): void {
  const service = new VoucherService(deps);
  addRoute(app, authenticate, redeemVoucher, ({ auth, body, request }) =>
    service.redeem(auth.user, body.code, actorOf(auth, request)),
  );

  addRoute(app, authenticate, previewVoucher, async ({ auth, body }) => ({
    data: await service.preview(auth.user, body.code),
  }));

  addRoute(app, authenticate, listVouchers, async ({ auth, query }) => {
    requireStaff(auth, 'vouchers.read');
    const { items, total } = await service.list(query);
    return { data: { items, total, page: query.page, pageSize: query.pageSize } };
  });

  addRoute(app, authenticate, createVoucher, async ({ auth, body, request }) => {
    requireStaff(auth, 'vouchers.manage');
    return { data: { voucher: await service.create(body, actorOf(auth, request)) } };
  });

  addRoute(app, authenticate, expireVoucher, async ({ auth, params, request }) => {
    requireStaff(auth, 'vouchers.manage');
    return { data: { voucher: await service.expire(params.id, actorOf(auth, request)) } };
  });

  addRoute(app, authenticate, deleteVoucher, async ({ auth, params, request }) => {
    requireStaff(auth, 'vouchers.manage');
    await service.delete(params.id, actorOf(auth, request));
    return { message: 'Voucher deleted' };
  });

  addRoute(app, authenticate, listVoucherUsages, async ({ auth, params }) => {
    requireStaff(auth, 'vouchers.read');
    return { data: await service.usages(params.id) };
  });
}
