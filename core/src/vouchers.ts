import type { TPlanId } from './contract/common';
import { PLANS } from './plans';

/**
 * Voucher codes (§9: 12 characters in groups of 4, from uppercase letters and digits) and the
 * order in which a redemption is judged (§4), with the §8 texts word for word.
 *
 * The code is the 12 characters; the dashes only make it readable. Codes are stored and
 * compared as the 12 characters, shown and sent as `ABCD-EFGH-JK12`, and accepted with or
 * without dashes or spaces, in any case.
 */
export const VOUCHER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const VOUCHER_CODE_LENGTH = 12;
export const VOUCHER_GROUP_LENGTH = 4;

const CANONICAL = /^[A-Z0-9]{12}$/;

/** §8, word for word. */
export const VOUCHER_MSG = {
  notFound: 'Voucher code not found',
  expired: 'Voucher has expired',
  limitReached: 'Voucher usage limit reached',
  alreadyUsed: 'You have already used this voucher',
  invalidFormat: 'Enter a 12-character voucher code such as ABCD-EFGH-JK12',
  codeTaken: 'A voucher with this code already exists',
} as const;

/** §8 success text with its three slots filled. */
export function redeemedMessage(grant: { credits: number; type: string; duration: number }) {
  return `Voucher redeemed successfully! You received ${grant.credits} credits and ${grant.type} subscription for ${grant.duration} days.`;
}

/** The 12 characters of a typed code (dashes, spaces removed; upper-cased), or undefined. */
export function normalizeVoucherCode(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  return CANONICAL.test(compact) ? compact : undefined;
}

/** `ABCDEFGHJK12` → `ABCD-EFGH-JK12`. */
export function formatVoucherCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += VOUCHER_GROUP_LENGTH) {
    groups.push(code.slice(i, i + VOUCHER_GROUP_LENGTH));
  }
  return groups.join('-');
}

/** Fills `bytes` with random values; Web Crypto in browsers and Node by default. */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => void;

const webCrypto: RandomBytes = (bytes) => {
  globalThis.crypto.getRandomValues(bytes);
};

/**
 * A new random code (12 characters, canonical form). Bytes ≥ 252 are drawn again so that each
 * of the 36 characters is equally likely (252 = 7 × 36).
 */
export function generateVoucherCode(random: RandomBytes = webCrypto): string {
  let code = '';
  const bytes = new Uint8Array(32);
  while (code.length < VOUCHER_CODE_LENGTH) {
    random(bytes);
    for (const byte of bytes) {
      if (byte < 252 && code.length < VOUCHER_CODE_LENGTH) {
        code += VOUCHER_ALPHABET[byte % VOUCHER_ALPHABET.length];
      }
    }
  }
  return code;
}

export type TVoucherRejection = 'not_found' | 'expired' | 'limit_reached' | 'already_used';

export type VoucherVerdict =
  { isValid: true } | { isValid: false; reason: TVoucherRejection; message: string };

export interface VoucherFacts {
  expiresAt: Date | null;
  usageLimit: number;
  timesUsed: number;
}

/**
 * §4 "Voucher validity", in this order: not found, expired, limit reached, already used by this
 * user, valid. An expiry at exactly `now` counts as expired.
 */
export function judgeVoucher(
  voucher: VoucherFacts | undefined,
  hasUserUsedIt: boolean,
  now: Date,
): VoucherVerdict {
  if (!voucher) return { isValid: false, reason: 'not_found', message: VOUCHER_MSG.notFound };
  if (voucher.expiresAt && voucher.expiresAt.getTime() <= now.getTime()) {
    return { isValid: false, reason: 'expired', message: VOUCHER_MSG.expired };
  }
  if (voucher.timesUsed >= voucher.usageLimit) {
    return { isValid: false, reason: 'limit_reached', message: VOUCHER_MSG.limitReached };
  }
  if (hasUserUsedIt) {
    return { isValid: false, reason: 'already_used', message: VOUCHER_MSG.alreadyUsed };
  }
  return { isValid: true };
}

/** Limits on what staff may put on a voucher. */
export const VOUCHER_LIMITS = {
  maxCredits: 1_000_000,
  maxDurationDays: 3650,
  maxUsageLimit: 100_000,
} as const;

/**
 * What a voucher does to the plan (§4 grant rules): `grant` starts its plan from now, `extend`
 * moves the end of the same live plan, `keep` leaves a bigger live plan alone (credits only).
 */
export type TVoucherPlanEffect = 'grant' | 'extend' | 'keep';

export function voucherPlanEffect(
  current: { planId: TPlanId; isLive: boolean },
  voucherPlan: TPlanId,
): TVoucherPlanEffect {
  if (!current.isLive) return 'grant';
  if (current.planId === voucherPlan) return 'extend';
  return PLANS[current.planId].priority > PLANS[voucherPlan].priority ? 'keep' : 'grant';
}

export interface VoucherGrantFacts {
  effect: TVoucherPlanEffect;
  credits: number;
  type: TPlanId;
  duration: number;
  /** The plan in force before redeeming. */
  currentPlan: TPlanId;
}

/** Said before redeeming, so nobody is surprised by what the voucher will change. */
export function voucherPreviewMessage(facts: VoucherGrantFacts): string {
  const type = PLANS[facts.type].name;
  const current = PLANS[facts.currentPlan].name;
  switch (facts.effect) {
    case 'keep':
      return `You are on ${current}: this voucher adds ${facts.credits} credits; your plan stays ${current}.`;
    case 'extend':
      return `This voucher adds ${facts.credits} credits and extends your ${type} plan by ${facts.duration} days.`;
    case 'grant':
      return `This voucher adds ${facts.credits} credits and gives you the ${type} plan for ${facts.duration} days.`;
  }
}

/** The answer to a redemption: §8's text when the voucher granted its plan, a true one otherwise. */
export function redeemedMessageFor(facts: VoucherGrantFacts): string {
  switch (facts.effect) {
    case 'grant':
      return redeemedMessage(facts);
    case 'extend':
      return `Voucher redeemed successfully! You received ${facts.credits} credits and your ${facts.type} subscription was extended by ${facts.duration} days.`;
    case 'keep':
      return `Voucher redeemed successfully! You received ${facts.credits} credits. Your ${PLANS[facts.currentPlan].name} plan stays as it is.`;
  }
}
