import { z } from 'zod';
import { sanitizeInput, EMAIL_PATTERN } from '../auth/sanitize';

export const ROLES = ['user', 'helper', 'moderator', 'admin', 'owner'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;
export const STAFF_ROLES: readonly TRole[] = ['owner', 'admin', 'moderator', 'helper'];

export const PLAN_IDS = ['free', 'pro', 'ultra-pro', 'enterprise'] as const;
export const ZPlanId = z.enum(PLAN_IDS);
export type TPlanId = z.infer<typeof ZPlanId>;

/** A free-text input: angle brackets stripped and trimmed (§5), bounded. */
export const zText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .overwrite(sanitizeInput)
    .max(max);

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
  'deploy/not_allowed',
  'deploy/not_found',
  'deploy/rollback_unavailable',
  'system/database_not_configured',
  'system/database_not_connected',
  'system/egress_refused',
  'system/mailing_not_configured',
  'system/smtp_incomplete',
  'system/invalid_provider',
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
