import { API_LIMITS, type TRetrySettings } from '@stratum/core/api-client/model';
import { AppError } from '../../lib/errors';
import type { TSendResult } from './run-types';

/**
 * Retries (issue 12 §3, pro and above): after the first attempt, up to `count` more when the
 * status is in `statuses` or the attempt got no answer (connection failure, timeout). The wait
 * doubles from `backoffMs`; a longer Retry-After wins; every wait is capped at
 * API_LIMITS.maxBackoffMs. A refusal by the egress policy is never retried, nor is anything but
 * an upstream failure or timeout. Cancelling aborts the wait at once.
 */

export interface TAttempt {
  status?: number;
  error?: string;
  ms: number;
}

export interface TRetryOutcome {
  response?: TSendResult;
  error?: AppError;
  attempts: TAttempt[];
}

const RETRIED_ERRORS = new Set(['api/upstream_failed', 'api/upstream_timeout']);

/** Milliseconds a Retry-After value asks for (delta-seconds or an HTTP-date), if readable. */
export function retryAfterMs(
  value: string | string[] | undefined,
  now: number,
): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The wait before retry number `retry` (0 for the first). */
export function retryDelay(
  retry: number,
  backoffMs: number,
  retryAfter: number | undefined,
  cap: number = API_LIMITS.maxBackoffMs,
): number {
  const backoff = Math.min(backoffMs * 2 ** retry, cap);
  return Math.min(Math.max(backoff, retryAfter ?? 0), cap);
}

function headerOf(headers: TSendResult['headers'], name: string) {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** A wait that ends early, rejecting, when `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function sendWithRetries(
  attempt: (signal?: AbortSignal) => Promise<TSendResult>,
  settings: TRetrySettings,
  options: {
    signal?: AbortSignal;
    now?: () => number;
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  } = {},
): Promise<TRetryOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const { signal } = options;
  const attempts: TAttempt[] = [];
  const retries = Math.min(settings.count, API_LIMITS.maxRetries);
  for (let i = 0; ; i++) {
    signal?.throwIfAborted();
    const started = now();
    let wait: number;
    try {
      const response = await attempt(signal);
      attempts.push({ status: response.status, ms: now() - started });
      if (i >= retries || !settings.statuses.includes(response.status)) {
        return { response, attempts };
      }
      wait = retryDelay(
        i,
        settings.backoffMs,
        retryAfterMs(headerOf(response.headers, 'retry-after'), now()),
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof AppError)) throw error;
      attempts.push({ error: error.code, ms: now() - started });
      if (i >= retries || !RETRIED_ERRORS.has(error.code)) return { error, attempts };
      wait = retryDelay(i, settings.backoffMs, undefined);
    }
    await sleep(wait, signal);
  }
}
