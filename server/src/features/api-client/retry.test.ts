import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors';
import { retryDelay, sendWithRetries } from './retry';
import type { TSendResult } from './run-types';

const answer = (status: number, headers: Record<string, string> = {}): TSendResult => ({
  status,
  headers,
  body: '',
  bodyEncoding: 'utf8',
  size: 0,
  timings: { dnsMs: 0, connectMs: 0, tlsMs: 0, firstByteMs: 0, totalMs: 0 },
});
const settings = { count: 3, backoffMs: 100, statuses: [503] };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs `promise` while moving fake time; answers it and when each attempt started. */
function scripted(outcomes: (TSendResult | AppError)[]) {
  const startedAt: number[] = [];
  const attempt = vi.fn(() => {
    startedAt.push(Date.now());
    const next = outcomes.shift()!;
    return next instanceof AppError ? Promise.reject(next) : Promise.resolve(next);
  });
  return { attempt, startedAt };
}

describe('retries', () => {
  it('retries listed statuses with a doubling backoff, then answers the last response', async () => {
    const { attempt, startedAt } = scripted([answer(503), answer(503), answer(200)]);
    const t0 = Date.now();
    const run = sendWithRetries(attempt, settings);
    await vi.runAllTimersAsync();
    const outcome = await run;
    expect(outcome.response?.status).toBe(200);
    expect(outcome.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(startedAt.map((t) => t - t0)).toEqual([0, 100, 300]);
  });

  it('stops after count retries and answers the last failing status', async () => {
    const { attempt } = scripted([answer(503), answer(503), answer(503), answer(503), answer(200)]);
    const run = sendWithRetries(attempt, settings);
    await vi.runAllTimersAsync();
    const outcome = await run;
    expect(outcome.response?.status).toBe(503);
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  it('does not retry a status not listed', async () => {
    const { attempt } = scripted([answer(500), answer(200)]);
    const outcome = await sendWithRetries(attempt, settings);
    expect(outcome.response?.status).toBe(500);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('retries connection failures and timeouts, never an egress refusal', async () => {
    const failing = scripted([
      new AppError('api/upstream_failed', 'refused'),
      new AppError('api/upstream_timeout', 'slow'),
      answer(200),
    ]);
    const run = sendWithRetries(failing.attempt, settings);
    await vi.runAllTimersAsync();
    expect((await run).attempts).toEqual([
      { error: 'api/upstream_failed', ms: expect.any(Number) },
      { error: 'api/upstream_timeout', ms: expect.any(Number) },
      { status: 200, ms: expect.any(Number) },
    ]);
    const refused = scripted([new AppError('api/egress_refused', 'private address'), answer(200)]);
    const outcome = await sendWithRetries(refused.attempt, settings);
    expect(outcome.error?.code).toBe('api/egress_refused');
    expect(refused.attempt).toHaveBeenCalledTimes(1);
  });

  it('honours a longer Retry-After (seconds or a date), up to the cap', async () => {
    expect(retryDelay(0, 100, 2_000)).toBe(2_000);
    expect(retryDelay(0, 100, 50)).toBe(100);
    expect(retryDelay(0, 100, 120_000)).toBe(30_000);
    expect(retryDelay(10, 100, undefined)).toBe(30_000);
    const { attempt, startedAt } = scripted([answer(503, { 'Retry-After': '2' }), answer(200)]);
    const t0 = Date.now();
    const run = sendWithRetries(attempt, settings);
    await vi.runAllTimersAsync();
    await run;
    expect(startedAt[1]! - t0).toBe(2_000);
    const date = new Date(Date.now() + 5_000).toUTCString();
    const dated = scripted([answer(503, { 'retry-after': date }), answer(200)]);
    const t1 = Date.now();
    const run2 = sendWithRetries(dated.attempt, settings);
    await vi.runAllTimersAsync();
    await run2;
    expect(dated.startedAt[1]! - t1).toBeGreaterThanOrEqual(4_000);
    expect(dated.startedAt[1]! - t1).toBeLessThanOrEqual(5_000);
  });

  it('a cancel during the wait stops at once, with no further attempt', async () => {
    const { attempt } = scripted([answer(503), answer(200)]);
    const controller = new AbortController();
    const run = sendWithRetries(
      attempt,
      { ...settings, backoffMs: 10_000 },
      {
        signal: controller.signal,
      },
    );
    const settled = run.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(new Error('cancelled'));
    expect(await settled).toMatchObject({ message: 'cancelled' });
    await vi.runAllTimersAsync();
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
