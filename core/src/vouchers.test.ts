import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatVoucherCode,
  generateVoucherCode,
  judgeVoucher,
  normalizeVoucherCode,
  redeemedMessage,
  redeemedMessageFor,
  VOUCHER_ALPHABET,
  voucherPlanEffect,
  voucherPreviewMessage,
} from './vouchers';

describe('voucher codes', () => {
  it('generates 12 characters from A–Z and 0–9, shown in groups of 4', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateVoucherCode();
      expect(code).toMatch(/^[A-Z0-9]{12}$/);
      expect(formatVoucherCode(code)).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    }
  });

  it('draws again on bytes that would bias the alphabet', () => {
    const sequence = [255, 252, 0, 35, 36, 251];
    let call = 0;
    const code = generateVoucherCode((bytes) => {
      bytes.fill(0);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = sequence[(call + i) % sequence.length]!;
      call += bytes.length;
    });
    expect(code.startsWith('A9A9')).toBe(true);
    expect(code).toHaveLength(12);
  });

  it('uses every character of the alphabet over many codes', () => {
    const seen = new Set([...Array.from({ length: 300 }, () => generateVoucherCode()).join('')]);
    expect([...seen].sort().join('')).toBe([...VOUCHER_ALPHABET].sort().join(''));
  });

  it('accepts a code with or without dashes, spaces and in any case', () => {
    expect(normalizeVoucherCode('abcd-efgh-jk12')).toBe('ABCDEFGHJK12');
    expect(normalizeVoucherCode(' ABCD EFGH JK12 ')).toBe('ABCDEFGHJK12');
    expect(normalizeVoucherCode('ABCDEFGHJK12')).toBe('ABCDEFGHJK12');
    expect(normalizeVoucherCode('ABCD-EFGH-JK1')).toBeUndefined();
    expect(normalizeVoucherCode('ABCD-EFGH-JK1!')).toBeUndefined();
    expect(normalizeVoucherCode('ÀBCD-EFGH-JK12')).toBeUndefined();
  });

  it('round-trips: the formatted form normalizes back to the code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{12}$/), (code) => {
        expect(normalizeVoucherCode(formatVoucherCode(code))).toBe(code);
      }),
    );
  });
});

describe('voucher validity (§4, §8)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const valid = { expiresAt: new Date('2026-07-01T00:00:00Z'), usageLimit: 2, timesUsed: 1 };

  it('judges in the order not found, expired, limit reached, already used, valid', () => {
    expect(judgeVoucher(undefined, true, now)).toMatchObject({
      reason: 'not_found',
      message: 'Voucher code not found',
    });
    expect(
      judgeVoucher(
        { expiresAt: new Date('2026-05-01T00:00:00Z'), usageLimit: 1, timesUsed: 1 },
        true,
        now,
      ),
    ).toMatchObject({ reason: 'expired', message: 'Voucher has expired' });
    expect(judgeVoucher({ ...valid, timesUsed: 2 }, true, now)).toMatchObject({
      reason: 'limit_reached',
      message: 'Voucher usage limit reached',
    });
    expect(judgeVoucher(valid, true, now)).toMatchObject({
      reason: 'already_used',
      message: 'You have already used this voucher',
    });
    expect(judgeVoucher(valid, false, now)).toEqual({ isValid: true });
  });

  it('treats no expiry as never expiring and an expiry at this instant as expired', () => {
    expect(judgeVoucher({ ...valid, expiresAt: null }, false, now).isValid).toBe(true);
    expect(judgeVoucher({ ...valid, expiresAt: now }, false, now)).toMatchObject({
      reason: 'expired',
    });
  });

  it('fills the §8 success text', () => {
    expect(redeemedMessage({ credits: 100, type: 'pro', duration: 30 })).toBe(
      'Voucher redeemed successfully! You received 100 credits and pro subscription for 30 days.',
    );
  });
});

describe('what a voucher does to the plan', () => {
  it('grants when nothing paid is live, extends the same plan, keeps a bigger one', () => {
    expect(voucherPlanEffect({ planId: 'free', isLive: true }, 'pro')).toBe('grant');
    expect(voucherPlanEffect({ planId: 'enterprise', isLive: false }, 'pro')).toBe('grant');
    expect(voucherPlanEffect({ planId: 'pro', isLive: true }, 'pro')).toBe('extend');
    expect(voucherPlanEffect({ planId: 'enterprise', isLive: true }, 'pro')).toBe('keep');
    expect(voucherPlanEffect({ planId: 'pro', isLive: true }, 'ultra-pro')).toBe('grant');
  });

  it('says before and after what it did, with §8 text only when it granted the plan', () => {
    const keep = {
      effect: 'keep',
      credits: 500,
      type: 'pro',
      duration: 30,
      currentPlan: 'enterprise',
    } as const;
    expect(voucherPreviewMessage(keep)).toBe(
      'You are on Enterprise: this voucher adds 500 credits; your plan stays Enterprise.',
    );
    expect(redeemedMessageFor(keep)).toBe(
      'Voucher redeemed successfully! You received 500 credits. Your Enterprise plan stays as it is.',
    );
    expect(redeemedMessageFor({ ...keep, effect: 'grant', currentPlan: 'free' })).toBe(
      'Voucher redeemed successfully! You received 500 credits and pro subscription for 30 days.',
    );
  });
});
