import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { limitText, REVIEW_NOTE, usageText, voucherErrorText } from './subscription-text';

const apiError = (status: number, code: ConstructorParameters<typeof ApiError>[1]['code']) =>
  new ApiError(status, { success: false, code, message: 'server text' });

describe('plan limits', () => {
  it('reads -1 as Unlimited', () => {
    expect(limitText(-1)).toBe('Unlimited');
    expect(limitText(100)).toBe('100');
    expect(usageText(3, 5)).toBe('3 of 5 used');
    expect(usageText(3, -1)).toBe('3 used · unlimited');
  });
});

describe('REVIEW_NOTE', () => {
  it('is the §9 review time, as the confirmation says it', () => {
    expect(REVIEW_NOTE).toBe('Requests are reviewed within 24-48 hours.');
  });
});

describe('voucherErrorText', () => {
  it('gives the §8 text for each refusal', () => {
    expect(voucherErrorText(apiError(404, 'vouchers/not_found'))).toBe('Voucher code not found');
    expect(voucherErrorText(apiError(410, 'vouchers/expired'))).toBe('Voucher has expired');
    expect(voucherErrorText(apiError(409, 'vouchers/limit_reached'))).toBe(
      'Voucher usage limit reached',
    );
    expect(voucherErrorText(apiError(409, 'vouchers/already_used'))).toBe(
      'You have already used this voucher',
    );
  });

  it('says what the server said otherwise, or that the call did not get through', () => {
    expect(voucherErrorText(apiError(429, 'request/rate_limited'))).toBe('server text');
    expect(voucherErrorText(new NetworkError('offline', false))).toMatch(/connection/);
  });
});
