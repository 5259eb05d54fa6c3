import type { TErrorCode, TPlanId } from '@stratum/core/contract/common';
import type { TCreateVoucherInput } from '@stratum/core/contract/vouchers/create-voucher';
import type { TListVouchersQuery } from '@stratum/core/contract/vouchers/list-vouchers';
import {
  generateVoucherCode,
  judgeVoucher,
  normalizeVoucherCode,
  redeemedMessageFor,
  VOUCHER_MSG,
  voucherPreviewMessage,
  type TVoucherPlanEffect,
  type TVoucherRejection,
} from '@stratum/core/vouchers';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SharedState } from '../../lib/shared-state';
import { throttle } from '../../lib/throttle';
import { presentUsage, presentVoucher } from './presenters';
import * as repo from './repository';

/** What vouchers need from subscriptions: granting a plan inside the redemption's transaction. */
export interface PlanGrants {
  grant(
    trx: Db,
    userId: string,
    grant: { plan: TPlanId; days: number; credits: number },
  ): Promise<{
    planId: TPlanId;
    endDate: Date;
    credits: number;
    effect: TVoucherPlanEffect;
    previousPlan: TPlanId;
  }>;
  /** What a grant of `plan` would do now, changing nothing. */
  grantEffect(
    userId: string,
    plan: TPlanId,
  ): Promise<{ effect: TVoucherPlanEffect; currentPlan: TPlanId }>;
}

export interface VoucherDeps {
  db: Db;
  shared: SharedState;
  plans: PlanGrants;
  users: { userChanged(userId: string): Promise<void> };
}

const CODE_BY_REJECTION: Record<TVoucherRejection, TErrorCode> = {
  not_found: 'vouchers/not_found',
  expired: 'vouchers/expired',
  limit_reached: 'vouchers/limit_reached',
  already_used: 'vouchers/already_used',
};

/** Guessing codes is hopeless (36^12), and a limit per user keeps it so. */
const REDEMPTIONS_PER_MINUTE = 10;

const notFound = () => new AppError('request/not_found', 'Voucher not found');

export class VoucherService {
  constructor(private readonly deps: VoucherDeps) {}

  /**
   * Redeems in one transaction holding the voucher's row lock: of two users racing for the
   * last use, the second reads the first's count and is told the limit is reached.
   */
  async redeem(user: UserRow, typed: string, actor: AuditActor) {
    await throttle(this.deps.shared, `voucher-redeem:${user.id}`, REDEMPTIONS_PER_MINUTE);
    const code = normalizeVoucherCode(typed);
    const result = await this.deps.db.transaction().execute(async (trx) => {
      const voucher = code ? await repo.lockVoucherByCode(trx, code) : undefined;
      const hasUsed = voucher ? await repo.hasUsed(trx, voucher.id, user.id) : false;
      const verdict = judgeVoucher(
        voucher && {
          expiresAt: voucher.expires_at,
          usageLimit: voucher.usage_limit,
          timesUsed: voucher.times_used,
        },
        hasUsed,
        new Date(),
      );
      if (!verdict.isValid) throw new AppError(CODE_BY_REJECTION[verdict.reason], verdict.message);
      if (!voucher) throw new AppError('vouchers/not_found', VOUCHER_MSG.notFound);
      await repo.recordUse(trx, voucher, user);
      const granted = await this.deps.plans.grant(trx, user.id, {
        plan: voucher.type,
        days: voucher.duration_days,
        credits: voucher.credits,
      });
      await writeAudit(trx, actor, {
        action: 'vouchers.redeem',
        targetType: 'voucher',
        targetId: voucher.id,
        after: {
          code: voucher.code,
          effect: granted.effect,
          planId: granted.planId,
          credits: granted.credits,
          endDate: granted.endDate.toISOString(),
        },
      });
      return { voucher, granted };
    });
    await this.deps.users.userChanged(user.id);
    const { voucher, granted } = result;
    return {
      message: redeemedMessageFor({
        effect: granted.effect,
        credits: voucher.credits,
        type: voucher.type,
        duration: voucher.duration_days,
        currentPlan: granted.previousPlan,
      }),
      data: {
        credits: voucher.credits,
        type: voucher.type,
        duration: voucher.duration_days,
        effect: granted.effect,
        totalCredits: granted.credits,
        planId: granted.planId,
        endDate: granted.endDate.toISOString(),
      },
    };
  }

  /** What redeeming would do, judged like a redemption (same errors) but changing nothing. */
  async preview(user: UserRow, typed: string) {
    await throttle(this.deps.shared, `voucher-preview:${user.id}`, REDEMPTIONS_PER_MINUTE);
    const code = normalizeVoucherCode(typed);
    const voucher = code ? await repo.findVoucherByCode(this.deps.db, code) : undefined;
    const hasUsed = voucher ? await repo.hasUsed(this.deps.db, voucher.id, user.id) : false;
    const verdict = judgeVoucher(
      voucher && {
        expiresAt: voucher.expires_at,
        usageLimit: voucher.usage_limit,
        timesUsed: voucher.times_used,
      },
      hasUsed,
      new Date(),
    );
    if (!verdict.isValid) throw new AppError(CODE_BY_REJECTION[verdict.reason], verdict.message);
    if (!voucher) throw new AppError('vouchers/not_found', VOUCHER_MSG.notFound);
    const { effect, currentPlan } = await this.deps.plans.grantEffect(user.id, voucher.type);
    const facts = {
      effect,
      credits: voucher.credits,
      type: voucher.type,
      duration: voucher.duration_days,
      currentPlan,
    };
    return { ...facts, message: voucherPreviewMessage(facts) };
  }

  async create(input: TCreateVoucherInput, actor: AuditActor) {
    return this.deps.db.transaction().execute(async (trx) => {
      let row: repo.VoucherRow | undefined;
      if (input.code) {
        row = await repo.insertVoucher(trx, input.code, input, actor);
        if (!row) throw new AppError('vouchers/code_taken', VOUCHER_MSG.codeTaken);
      } else {
        // 36^12 codes: a collision is all but impossible, and drawing again settles it.
        for (let attempt = 0; !row && attempt < 5; attempt += 1) {
          row = await repo.insertVoucher(trx, generateVoucherCode(), input, actor);
        }
        if (!row) throw new AppError('internal/error', 'Could not draw a free voucher code');
      }
      const voucher = presentVoucher(row);
      await writeAudit(trx, actor, {
        action: 'vouchers.create',
        targetType: 'voucher',
        targetId: row.id,
        after: voucher,
      });
      return voucher;
    });
  }

  async list(query: TListVouchersQuery) {
    const search = query.search ? query.search.replace(/[\s-]/g, '').toUpperCase() : undefined;
    if (search && !/^[A-Z0-9]+$/.test(search)) return { items: [], total: 0 };
    const { rows, total } = await repo.listVouchers(this.deps.db, query, search || undefined);
    const now = new Date();
    return { items: rows.map((r) => presentVoucher(r, now)), total };
  }

  async expire(id: string, actor: AuditActor) {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await repo.findVoucher(trx, id);
      const row = await repo.expireVoucher(trx, id);
      if (!before || !row) throw notFound();
      const voucher = presentVoucher(row);
      await writeAudit(trx, actor, {
        action: 'vouchers.expire',
        targetType: 'voucher',
        targetId: id,
        before: presentVoucher(before),
        after: voucher,
      });
      return voucher;
    });
  }

  async delete(id: string, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const usages = await repo.usagesOf(trx, id);
      const row = await repo.deleteVoucher(trx, id);
      if (!row) throw notFound();
      await writeAudit(trx, actor, {
        action: 'vouchers.delete',
        targetType: 'voucher',
        targetId: id,
        before: { ...presentVoucher(row), usages: usages.map(presentUsage) },
      });
    });
  }

  async usages(id: string) {
    const voucher = await repo.findVoucher(this.deps.db, id);
    if (!voucher) throw notFound();
    const rows = await repo.usagesOf(this.deps.db, id);
    return { voucher: presentVoucher(voucher), items: rows.map(presentUsage) };
  }
}
