import type { z } from 'zod';
import type { TApiError, TErrorCode } from '@stratum/core/contract/common';
import type { EndpointDef } from '@stratum/core/contract/endpoint';
import { session } from './session';

/** The server answered with `{ success: false, message, code }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: TErrorCode;
  readonly requiresVerification: boolean;
  readonly retryAfterSeconds: number | undefined;
  /** What a request's data got wrong (validation, an invalid design), with paths. */
  readonly issues: readonly { path: string; message: string }[];
  /** planner/revision_conflict: the revision the server holds now. */
  readonly currentRevision: number | undefined;

  constructor(status: number, body: TApiError) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.requiresVerification = body.requiresVerification === true;
    this.retryAfterSeconds = body.retryAfterSeconds;
    this.issues = body.issues ?? [];
    this.currentRevision = body.currentRevision;
  }
}

/** No answer at all: offline, refused, or the time limit passed. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly isTimeout: boolean,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** Told about every failed call (error answer or no answer); the app reports them (§8). */
export type ApiFailureListener = (endpoint: EndpointDef, error: ApiError | NetworkError) => void;
const failureListeners = new Set<ApiFailureListener>();

export function onApiFailure(listener: ApiFailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

function notifyFailure(endpoint: EndpointDef, error: ApiError | NetworkError): void {
  for (const listener of failureListeners) listener(endpoint, error);
}

type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;

export interface CallOptions<E extends EndpointDef> {
  body?: BodyOf<E>;
  /** 'text' sends a string body as it is (text/plain): kubeconfigs and manifests, not JSON. */
  bodyAs?: 'json' | 'text';
  /** Values for the path's `:name` segments, e.g. `{ id }` for `/api/messages/:id`. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Calls one endpoint of the shared contract. Authenticated calls send the bearer token and
 * credentials; a 401 from one of them ends the session and returns to /auth (§4).
 */
export async function callApi<E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { token } = session.getState();
  if (endpoint.auth && token) headers.authorization = `Bearer ${token}`;
  const isText = options.bodyAs === 'text' && typeof options.body === 'string';
  if (options.body !== undefined)
    headers['content-type'] = isText ? 'text/plain; charset=utf-8' : 'application/json';
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ];
  const active = signals.filter((s): s is AbortSignal => s !== undefined);
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const path = fillPath(endpoint.path, options.params);

  let response: Response;
  try {
    response = await fetch(`${path}${query}`, {
      method: endpoint.method,
      headers,
      credentials: 'include',
      body:
        options.body === undefined
          ? undefined
          : isText
            ? (options.body as string)
            : JSON.stringify(options.body),
      signal: active.length > 0 ? AbortSignal.any(active) : undefined,
    });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    const failure = new NetworkError(
      error instanceof Error ? error.message : String(error),
      isTimeout,
    );
    // A call the page abandoned on purpose (unmounted, superseded) did not fail.
    const isAborted = error instanceof DOMException && error.name === 'AbortError';
    if (!isAborted) notifyFailure(endpoint, failure);
    throw failure;
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return payload as ResponseOf<E>;
  const body = isApiErrorBody(payload)
    ? payload
    : ({
        success: false,
        code: 'internal/error',
        message: response.statusText,
      } satisfies TApiError);
  const error = new ApiError(response.status, body);
  // A wrong *current* password (change-password) is also a 401, but the session is fine.
  if (endpoint.auth && response.status === 401) {
    session.end({ redirectTo: '/auth', notice: error.message });
  }
  notifyFailure(endpoint, error);
  throw error;
}

/** `/api/x/:id` with `{ id: 'a b' }` → `/api/x/a%20b`; a missing value is a programming error. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

function isApiErrorBody(value: unknown): value is TApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

export function isApiError(error: unknown, code?: TErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
