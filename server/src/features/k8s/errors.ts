import type { TErrorCode } from '@stratum/core/contract/common';
import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import { EgressRefusedError } from '../../lib/egress';
import { reasonOf } from '../../lib/error-reason';
import { AppError } from '../../lib/errors';

/** The operations of §8's texts: 'List failed ({status})', 'Get failed ({status})', … */
export type TK8sOp = 'List' | 'Get' | 'Apply' | 'Upload';

/** A non-2xx answer from the API server: its status and raw body (a Status JSON, usually). */
export class KubeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}`);
    this.name = 'KubeHttpError';
  }
}

/** The cluster's 4xx statuses that pass through as they are; every other 4xx becomes a 400. */
const CODE_BY_STATUS: Record<number, TErrorCode> = {
  400: 'k8s/bad_request',
  401: 'k8s/cluster_unauthorized',
  403: 'k8s/forbidden',
  404: 'k8s/not_found',
  409: 'k8s/conflict',
  410: 'k8s/gone',
  422: 'k8s/invalid',
  429: 'k8s/throttled',
};

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

/**
 * Any failure of a request to a cluster as the app error the user sees: §8's text with the
 * status the cluster gave and its Status message, e.g. `List failed (403): pods is forbidden: …`.
 * 4xx keep their status (401 becomes 403, see the error table); 5xx and unreachable clusters
 * are 502, timeouts 504. Errors that are already app errors pass through.
 */
export function k8sError(op: TK8sOp, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof EgressRefusedError) {
    return new AppError('system/egress_refused', `${op} failed: ${error.message}`);
  }
  const status = statusOf(error);
  if (status !== undefined) {
    const message = statusMessage(bodyOf(error));
    const text = `${op} failed (${status})${message ? `: ${message}` : ''}`;
    // A real API server answers an unknown field in server-side apply with a 500
    // (kubernetes/kubernetes#122480); it is the manifest's fault, not the cluster's.
    if (status >= 500 && /field not declared in schema/.test(message)) {
      return new AppError('k8s/invalid', text);
    }
    const code = status >= 500 ? 'k8s/request_failed' : (CODE_BY_STATUS[status] ?? 'k8s/bad_request');
    return new AppError(code, text);
  }
  if (isTimeout(error)) {
    const seconds = Math.round(K8S_LIMITS.requestTimeoutMs / 1000);
    return new AppError('k8s/timeout', `${op} failed: the cluster did not answer within ${seconds} s`);
  }
  return new AppError('k8s/request_failed', `${op} failed: the cluster could not be reached (${rootReason(error)})`);
}

/** `fetch failed` says nothing: the innermost cause (ECONNREFUSED, a TLS error) does. */
function rootReason(error: unknown): string {
  let e = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = (e as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    e = cause;
  }
  return reasonOf(e);
}

/** The HTTP status in the error shapes client-node and this adapter throw. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof KubeHttpError) return error.status;
  if (typeof error !== 'object' || error === null) return undefined;
  // client-node: ApiException has `code`; Watch errors carry `statusCode`.
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  for (const value of [statusCode, code]) {
    if (typeof value === 'number' && value >= 400 && value < 600) return value;
  }
  return undefined;
}

function bodyOf(error: unknown): unknown {
  if (error instanceof KubeHttpError) return error.body;
  return (error as { body?: unknown }).body;
}

/** The `message` of a Kubernetes Status (a JSON string or an object); '' when there is none. */
export function statusMessage(body: unknown): string {
  let value = body;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return '';
    try {
      value = JSON.parse(text);
    } catch {
      // Not a Status: a proxy's error page or plain text; a short one is still worth showing.
      return text.length <= 300 && !text.startsWith('<') ? text : '';
    }
  }
  if (typeof value === 'object' && value !== null) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') return message.slice(0, 2000);
  }
  return '';
}

function isTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e !== 'object') return false;
    const { name, code, message, cause } = e as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (name === 'TimeoutError') return true;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return true;
    if (typeof message === 'string' && /timed out/i.test(message)) return true;
    e = cause;
  }
  return false;
}
