import type { TErrorCode } from '@stratum/core/contract/common';

/** The one HTTP status table: every error code maps to exactly one status. */
export const STATUS_BY_CODE: Record<TErrorCode, number> = {
  'request/invalid': 400,
  'request/too_large': 400,
  'request/not_found': 404,
  'request/rate_limited': 429,
  'auth/unauthorized': 401,
  'auth/forbidden': 403,
  'auth/invalid_credentials': 401,
  // 400, not 401: a signed-in user mistyping it must not be signed out by the client (§4).
  'auth/wrong_current_password': 400,
  'auth/verification_required': 403,
  'auth/email_taken': 409,
  'auth/locked': 423,
  'auth/throttled': 429,
  'auth/invalid_code': 400,
  'auth/resend_too_soon': 429,
  'auth/invalid_reset_token': 400,
  'auth/weak_password': 400,
  'subscription/quota_exceeded': 403,
  'subscription/project_limit': 403,
  'subscription/request_pending': 409,
  'subscription/request_processed': 409,
  'vouchers/not_found': 404,
  'vouchers/expired': 410,
  'vouchers/limit_reached': 409,
  'vouchers/already_used': 409,
  'vouchers/code_taken': 409,
  'notices/not_dismissible': 400,
  'planner/not_found': 404,
  'planner/generation_not_found': 404,
  'planner/snapshot_not_found': 404,
  'planner/revision_conflict': 409,
  'planner/invalid_design': 400,
  'planner/format_unavailable': 400,
  'planner/quota_exceeded': 403,
  'planner/project_limit': 403,
  // Shared projects: a viewer's write, a member's owner-only action, invitations.
  'planner/read_only': 403,
  'planner/owner_only': 403,
  'planner/member_exists': 409,
  'planner/member_not_found': 404,
  'planner/invalid_member': 400,
  'deploy/not_allowed': 403,
  'deploy/not_found': 404,
  'deploy/rollback_unavailable': 409,
  'system/database_not_configured': 400,
  'system/database_not_connected': 409,
  'system/egress_refused': 400,
  // The mail server is down or refused the recipient: the request may be repeated later.
  'mail/unavailable': 503,
  'system/mailing_not_configured': 400,
  'system/smtp_incomplete': 400,
  'system/invalid_provider': 400,
  'k8s/cluster_not_found': 404,
  'k8s/kubeconfig_invalid': 400,
  'k8s/kubeconfig_refused': 400,
  'k8s/too_many_clusters': 409,
  'k8s/manifest_invalid': 400,
  // The cluster's own 4xx answers keep their status, so the page can tell them apart.
  'k8s/bad_request': 400,
  // The cluster refused the stored credentials (its 401). Not a 401 here: that would end the
  // user's Stratum session, which is fine.
  'k8s/cluster_unauthorized': 403,
  'k8s/forbidden': 403,
  'k8s/not_found': 404,
  'k8s/conflict': 409,
  'k8s/gone': 410,
  'k8s/invalid': 422,
  'k8s/throttled': 429,
  // The cluster failed (5xx) or could not be reached.
  'k8s/request_failed': 502,
  'k8s/timeout': 504,
  'api/not_found': 404,
  'api/feature_not_allowed': 403,
  'api/revision_conflict': 409,
  'api/limit_reached': 409,
  'api/import_invalid': 400,
  // The API client's proxy (issue 12 §4): the egress policy or Stratum's own services refused
  // the address. 403, not the console's 400: the request was fine, the destination is not.
  'api/egress_refused': 403,
  // No answer from upstream: DNS, connection refused or reset, TLS, a malformed answer.
  'api/upstream_failed': 502,
  'api/upstream_timeout': 504,
  'api/too_many_redirects': 502,
  'api/response_too_large': 502,
  // The caller went away (the browser aborted): nginx's "client closed request", read by no one
  // but the request log, which it keeps free of 5xx.
  'api/cancelled': 499,
  'api/oauth_failed': 502,
  'costing/invalid_design': 400,
  'costing/invalid_plan': 400,
  'costing/feature_not_allowed': 403,
  'costing/import_invalid': 400,
  'costing/import_running': 409,
  'costing/import_not_found': 404,
  'inventory/invalid_source': 400,
  // A pre-0.12 (format 3) state: refused with a message naming the version, never imported empty.
  'inventory/legacy_state': 400,
  'inventory/source_not_found': 404,
  'inventory/asset_not_found': 404,
  // The state backend (URL, S3, Azure Blob, GCS) could not be read: its answer, in words.
  'inventory/refresh_failed': 502,
  'drift/invalid_scan': 400,
  'drift/scan_not_found': 404,
  'drift/feature_not_allowed': 403,
  // The cloud refused the credentials or could not be reached when checking a connection.
  'drift/connection_failed': 400,
  'tags/not_found': 404,
  'tags/duplicate': 409,
  'tags/too_many': 409,
  'drift/not_found': 404,
  'monitoring/not_found': 404,
  'monitoring/invalid': 400,
  'monitoring/too_many_checks': 409,
  'monitoring/slug_taken': 409,
  // The assistant (issue 15). No model configured is the instance's state, not a server fault.
  'llm/not_configured': 400,
  'llm/rate_limited': 429,
  'llm/egress_refused': 403,
  'llm/upstream_failed': 502,
  'llm/upstream_timeout': 504,
  // The model answered, but not with something that validates (a design, a patch).
  'llm/invalid_answer': 502,
  // Forums: a locked thread refuses replies; an author's edit window is 30 minutes.
  'forums/locked': 403,
  'forums/edit_window_closed': 403,
  'forums/category_taken': 409,
  'forums/category_not_empty': 409,
  'internal/error': 500,
  'internal/unavailable': 503,
};

/** The one error type: a string code, the user-facing message, and optional extra fields. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly extra: {
      requiresVerification?: boolean;
      retryAfterSeconds?: number;
      issues?: { path: string; message: string }[];
      currentRevision?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}
