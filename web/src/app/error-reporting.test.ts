import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client';
import { isReportableFailure } from './error-reporting';

const apiError = (status: number) =>
  new ApiError(status, { success: false, code: 'internal/error', message: 'x' });

describe('isReportableFailure', () => {
  it('reports server failures and calls that got no answer', () => {
    expect(isReportableFailure(apiError(500))).toBe(true);
    expect(isReportableFailure(apiError(503))).toBe(true);
    expect(isReportableFailure(new NetworkError('Failed to fetch', false))).toBe(true);
  });

  it('does not report answers the page shows the user', () => {
    expect(isReportableFailure(apiError(401))).toBe(false);
    expect(isReportableFailure(apiError(404))).toBe(false);
    expect(isReportableFailure(apiError(409))).toBe(false);
  });
});
