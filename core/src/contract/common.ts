import { z } from 'zod';
import { sanitizeInput, EMAIL_PATTERN } from '../auth/sanitize';

export const ROLES = ['user', 'helper', 'moderator', 'admin', 'owner'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
export const STAFF_ROLES: readonly TRole[] = ['owner', 'admin', 'moderator', 'helper'];

export const PLAN_IDS = ['free', 'pro', 'ultra-pro', 'enterprise'] as const;
export const ZPlanId = z.enum(PLAN_IDS);
export type TPlanId = z.infer<typeof ZPlanId>;

/** A UTF-16 surrogate not in a pair: not Unicode, so PostgreSQL refuses it in text and jsonb. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT_MESSAGE =
  'must not contain the NUL character (U+0000) or an unpaired surrogate';

/** Whether PostgreSQL can store `value` as text or inside jsonb: no U+0000, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Any string input of at most `max` characters that PostgreSQL can store. */
export const zString = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isStorableText, { message: `Text ${UNSTORABLE_TEXT_MESSAGE}` });

/** A free-text input: angle brackets stripped and trimmed (§5), bounded, storable. */
export const zText = (max: number) =>
  zString(max * 4)
    .overwrite(sanitizeInput)
    .max(max);

/** The largest value of a PostgreSQL `integer` (32-bit) column. */
export const INT32_MAX = 2 ** 31 - 1;
/** An integer that fits a 32-bit column; JSON numbers reach 2^53, `integer` columns do not. */
export const zInt32 = () =>
  z
    .number()
    .int()
    .min(-INT32_MAX - 1)
    .max(INT32_MAX);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Whether PostgreSQL and JavaScript both read this ISO timestamp as the same instant: a real
 * calendar day, and years 1 to 9999 in UTC (PostgreSQL refuses year 0; JavaScript writes years
 * past 9999 as `+010000`).
 */
export function isStorableDateTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const maxDay = month === 2 && !isLeap(year) ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (year < 1 || day > maxDay) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const utcYear = new Date(time).getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999;
}

/** An ISO 8601 timestamp with offset, e.g. `2026-11-22T10:00:00Z`, in years 1 to 9999. */
export const ZDateTime = z.iso
  .datetime({ offset: true })
  .refine(isStorableDateTime, { message: 'Enter a date between the years 1 and 9999' });

/** An email address, sanitised and lower-cased; `message` is what an invalid one is told. */
export const zEmail = (message: string = 'Please enter a valid email address') =>
  z
    .string()
    .max(1024)
    .overwrite((v) => sanitizeInput(v).toLowerCase())
    .max(254, message)
    .regex(EMAIL_PATTERN, message);
export const ZEmail = zEmail();

/** Passwords are bounded so that hashing cannot be used to exhaust the server. */
export const ZPassword = zText(256).pipe(z.string().min(1));

/** The user as the server sends it (§3 "User (from server)"). Never a hash, code or secret. */
export const ZServerUser = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  designation: z.string().nullable(),
  role: ZRole,
  subscriptionType: ZPlanId,
  credits: z.number().int(),
  lastLogin: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type TServerUser = z.infer<typeof ZServerUser>;

export const ERROR_CODES = [
  'request/invalid',
  'request/too_large',
  'request/not_found',
  'request/rate_limited',
  'auth/unauthorized',
  'auth/forbidden',
  'auth/invalid_credentials',
  'auth/wrong_current_password',
  'auth/verification_required',
  'auth/email_taken',
  'auth/locked',
  'auth/throttled',
  'auth/invalid_code',
  'auth/resend_too_soon',
  'auth/invalid_reset_token',
  'auth/weak_password',
  'subscription/quota_exceeded',
  'subscription/project_limit',
  'subscription/request_pending',
  'subscription/request_processed',
  'vouchers/not_found',
  'vouchers/expired',
  'vouchers/limit_reached',
  'vouchers/already_used',
  'vouchers/code_taken',
  'notices/not_dismissible',
  'planner/not_found',
  'planner/generation_not_found',
  'planner/snapshot_not_found',
  'planner/revision_conflict',
  'planner/invalid_design',
  'planner/format_unavailable',
  'planner/quota_exceeded',
  'planner/project_limit',
  'planner/read_only',
  'planner/owner_only',
  'planner/member_exists',
  'planner/member_not_found',
  'planner/invalid_member',
  'deploy/not_allowed',
  'deploy/not_found',
  'deploy/rollback_unavailable',
  'system/database_not_configured',
  'system/database_not_connected',
  'system/egress_refused',
  'mail/unavailable',
  'system/mailing_not_configured',
  'system/smtp_incomplete',
  'system/invalid_provider',
  'k8s/cluster_not_found',
  'k8s/kubeconfig_invalid',
  'k8s/kubeconfig_refused',
  'k8s/too_many_clusters',
  'k8s/manifest_invalid',
  'k8s/bad_request',
  'k8s/cluster_unauthorized',
  'k8s/forbidden',
  'k8s/not_found',
  'k8s/conflict',
  'k8s/gone',
  'k8s/invalid',
  'k8s/throttled',
  'k8s/request_failed',
  'k8s/timeout',
  'api/not_found',
  'api/feature_not_allowed',
  'api/revision_conflict',
  'api/limit_reached',
  'api/import_invalid',
  'api/egress_refused',
  'api/upstream_failed',
  'api/upstream_timeout',
  'api/too_many_redirects',
  'api/response_too_large',
  'api/cancelled',
  'api/oauth_failed',
  'costing/invalid_design',
  'costing/invalid_plan',
  'costing/feature_not_allowed',
  'costing/import_invalid',
  'costing/import_running',
  'costing/import_not_found',
  'inventory/invalid_source',
  'inventory/legacy_state',
  'inventory/source_not_found',
  'inventory/asset_not_found',
  'inventory/refresh_failed',
  'drift/invalid_scan',
  'drift/scan_not_found',
  'drift/feature_not_allowed',
  'drift/connection_failed',
  'drift/not_found',
  'monitoring/not_found',
  'monitoring/invalid',
  'monitoring/too_many_checks',
  'monitoring/slug_taken',
  'tags/not_found',
  'tags/duplicate',
  'tags/too_many',
  'llm/not_configured',
  'llm/rate_limited',
  'llm/egress_refused',
  'llm/upstream_failed',
  'llm/upstream_timeout',
  'llm/invalid_answer',
  'forums/locked',
  'forums/edit_window_closed',
  'forums/category_taken',
  'forums/category_not_empty',
  'internal/error',
  'internal/unavailable',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** Every error answer: `{ success: false, message, code }`, plus optional extra fields. */
export const ZApiError = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  requiresVerification: z.boolean().optional(),
  retryAfterSeconds: z.number().int().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** planner/revision_conflict: the revision stored now. */
  currentRevision: z.number().int().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZOk = z.object({ success: z.literal(true), message: z.string().optional() });
