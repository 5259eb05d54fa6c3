import type { EndpointDef } from '@stratum/core/contract/endpoint';
import { ApiError, NetworkError, onApiFailure } from '../lib/api-client';
import { logClientError } from '../lib/report-client-error';

/**
 * Which failed calls are errors worth reporting: the server failing (5xx) or no answer at all.
 * A 4xx is an answer the page shows the user (a wrong code, a used voucher, a 401 that ends the
 * session), not a fault.
 */
export function isReportableFailure(error: ApiError | NetworkError): boolean {
  return error instanceof NetworkError || error.status >= 500;
}

function reportFailure(endpoint: EndpointDef, error: ApiError | NetworkError): void {
  if (!isReportableFailure(error)) return;
  logClientError({
    level: 'error',
    message: error.message || `${endpoint.method} ${endpoint.path} failed`,
    component: 'api-client',
    action: `${endpoint.method} ${endpoint.path}`,
    metadata:
      error instanceof ApiError
        ? { status: error.status, code: error.code }
        : { isTimeout: error.isTimeout },
  });
}

let isInstalled = false;

/** Reports failed calls and errors nothing else caught (§8: errors are logged). Once per page. */
export function installErrorReporting(): void {
  if (isInstalled || typeof window === 'undefined') return;
  isInstalled = true;
  onApiFailure(reportFailure);
  window.addEventListener('error', (event) => {
    const error: unknown = event.error;
    logClientError({
      message: error instanceof Error ? error.message : event.message,
      stack: error instanceof Error ? error.stack : null,
      component: 'window',
      action: 'error',
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // Failed calls were reported when they failed.
    if (reason instanceof ApiError || reason instanceof NetworkError) return;
    logClientError({
      message: reason instanceof Error ? reason.message : String(reason),
      stack: reason instanceof Error ? reason.stack : null,
      component: 'window',
      action: 'unhandledrejection',
    });
  });
}
