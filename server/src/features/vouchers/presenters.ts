import type { TVoucher, TVoucherUsage } from '@stratum/core/contract/vouchers/voucher';
import { formatVoucherCode } from '@stratum/core/vouchers';
import type { VoucherRow, VoucherUsageRow } from './repository';

export function presentVoucher(row: VoucherRow, now: Date = new Date()): TVoucher {
  return {
    id: row.id,
    code: formatVoucherCode(row.code),
    type: row.type,
    credits: row.credits,
    duration: row.duration_days,
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_email,
    isExpired: row.expires_at !== null && row.expires_at <= now,
    isExhausted: row.times_used >= row.usage_limit,
  };
}

export function presentUsage(row: VoucherUsageRow): TVoucherUsage {
  return {
    id: row.id,
    voucherId: row.voucher_id,
    userId: row.user_id,
    userEmail: row.user_email,
    usedAt: row.used_at.toISOString(),
    subscriptionGranted: row.subscription_granted,
    creditsGranted: row.credits_granted,
    durationGranted: row.duration_granted,
  };
}
