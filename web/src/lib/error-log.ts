import {
  ERROR_LOG_LIMITS,
  type TErrorLevel,
  type TErrorReport,
} from '@stratum/core/contract/error-logs/error-log';
import { reportError as reportErrorEndpoint } from '@stratum/core/contract/error-logs/report-error';
import { session } from './session';
import { readString, STORAGE_KEYS, writeJson } from './storage';

/** §3 `error-logs`: the browser keeps its own newest entries, at most 500 (§8, §9). */
export const ERROR_LOG_STORAGE_KEY = STORAGE_KEYS.errorLogs;
export const LOCAL_ERROR_LOG_MAX = 500;

/** Reports sent to the server: at most this many a minute, and the same error once a minute. */
export const REPORTS_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

export interface ErrorInput {
  level?: TErrorLevel;
  message: string;
  stack?: string | null;
  component?: string;
  action?: string;
  metadata?: Record<string, unknown>;
  /** When it happened; now when omitted. */
  at?: Date;
}

const clip = (value: string | null | undefined, max: number) =>
  value === null || value === undefined ? null : value.slice(0, max);

/** A §3 error log entry from what went wrong and where the browser is. */
export function toErrorReport(input: ErrorInput, at: Date, where: Where): TErrorReport {
  let metadata = input.metadata ?? null;
  if (metadata && JSON.stringify(metadata).length > ERROR_LOG_LIMITS.metadataBytes) {
    metadata = { truncated: true };
  }
  return {
    timestamp: at.toISOString(),
    level: input.level ?? 'error',
    message: clip(input.message || 'Unknown error', ERROR_LOG_LIMITS.message) ?? 'Unknown error',
    stack: clip(input.stack, ERROR_LOG_LIMITS.stack),
    userAgent: clip(where.userAgent, ERROR_LOG_LIMITS.userAgent),
    url: clip(where.url, ERROR_LOG_LIMITS.url),
    component: clip(input.component, ERROR_LOG_LIMITS.component),
    action: clip(input.action, ERROR_LOG_LIMITS.action),
    metadata,
  };
}

export interface Where {
  userAgent: string | null;
  url: string | null;
}

/** The local log with `entry` added last, keeping only the newest `max`. */
export function appendBounded<T>(entries: readonly T[], entry: T, max = LOCAL_ERROR_LOG_MAX): T[] {
  const next = [...entries, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}

/**
 * Decides which reports reach the server: never the same one twice a minute, never more than
 * `REPORTS_PER_MINUTE` a minute, so an error in a loop cannot flood the server.
 */
export function createThrottle(limit = REPORTS_PER_MINUTE, windowMs = MINUTE_MS) {
  let sentAt: number[] = [];
  const lastByKey = new Map<string, number>();
  return (key: string, now: number): boolean => {
    sentAt = sentAt.filter((t) => now - t < windowMs);
    const last = lastByKey.get(key);
    if (last !== undefined && now - last < windowMs) return false;
    if (sentAt.length >= limit) return false;
    sentAt.push(now);
    lastByKey.set(key, now);
    return true;
  };
}

const shouldSend = createThrottle();

export function readLocalErrorLog(): TErrorReport[] {
  try {
    const stored: unknown = JSON.parse(readString(ERROR_LOG_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as TErrorReport[]) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps the error locally and, unless throttled, sends it to POST /api/error-logs. Sending uses
 * fetch directly: a failed report is dropped, never reported again (no loop), and a 401 there
 * never ends the session.
 */
export function recordClientError(input: ErrorInput): void {
  const report = toErrorReport(input, input.at ?? new Date(), {
    userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
    url: typeof location === 'undefined' ? null : location.href,
  });
  writeJson(ERROR_LOG_STORAGE_KEY, appendBounded(readLocalErrorLog(), report));
  const key = `${report.level}|${report.component ?? ''}|${report.action ?? ''}|${report.message}`;
  if (!shouldSend(key, Date.now())) return;
  const { token } = session.getState();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  void fetch(reportErrorEndpoint.path, {
    method: reportErrorEndpoint.method,
    headers,
    credentials: 'include',
    keepalive: true,
    body: JSON.stringify(report),
  }).catch(() => undefined);
}
