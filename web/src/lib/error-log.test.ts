import { describe, expect, it } from 'vitest';
import { ERROR_LOG_LIMITS, ZErrorReport } from '@stratum/core/contract/error-logs/error-log';
import { appendBounded, createThrottle, LOCAL_ERROR_LOG_MAX, toErrorReport } from './error-log';

const where = { userAgent: 'Chromium', url: 'https://stratum.test/admin' };
const at = new Date('2026-11-22T10:00:00Z');

describe('toErrorReport', () => {
  it('fills the §3 fields and passes the server schema', () => {
    const report = toErrorReport(
      { message: 'Boom', stack: 'at x', component: 'admin', action: 'render' },
      at,
      where,
    );
    expect(report).toEqual({
      timestamp: '2026-11-22T10:00:00.000Z',
      level: 'error',
      message: 'Boom',
      stack: 'at x',
      userAgent: 'Chromium',
      url: 'https://stratum.test/admin',
      component: 'admin',
      action: 'render',
      metadata: null,
    });
    expect(ZErrorReport.safeParse(report).success).toBe(true);
  });

  it('clips what is too long for the server instead of losing the report', () => {
    const report = toErrorReport(
      { message: 'x'.repeat(5000), metadata: { blob: 'y'.repeat(10_000) } },
      at,
      where,
    );
    expect(report.message).toHaveLength(ERROR_LOG_LIMITS.message);
    expect(report.metadata).toEqual({ truncated: true });
    expect(ZErrorReport.safeParse(report).success).toBe(true);
  });
});

describe('appendBounded', () => {
  it('keeps the newest 500 entries', () => {
    let log: number[] = [];
    for (let i = 0; i < LOCAL_ERROR_LOG_MAX + 20; i += 1) log = appendBounded(log, i);
    expect(log).toHaveLength(500);
    expect(log[0]).toBe(20);
    expect(log.at(-1)).toBe(519);
  });
});

describe('createThrottle', () => {
  it('sends the same error once a minute', () => {
    const allow = createThrottle(10, 60_000);
    expect(allow('a', 0)).toBe(true);
    expect(allow('a', 59_999)).toBe(false);
    expect(allow('a', 60_000)).toBe(true);
  });

  it('sends at most `limit` reports a minute, whatever they are', () => {
    const allow = createThrottle(3, 60_000);
    expect([1, 2, 3, 4].map((n) => allow(`e${n}`, n))).toEqual([true, true, true, false]);
    expect(allow('e5', 60_002)).toBe(true);
  });
});
