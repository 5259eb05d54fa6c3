import { z } from 'zod';
import { ZDateTime, zString, zText } from '../common';
import { parseJsonPath } from '../../monitoring/json-path';
import { parseStatusRanges } from '../../monitoring/status-codes';

/** Issue 16 §1: the limits of a check (Uptime Kuma's, with 30 s the shortest interval). */
export const MONITOR_LIMITS = {
  minIntervalSeconds: 30,
  maxIntervalSeconds: 86_400,
  maxTimeoutSeconds: 60,
  maxRetries: 10,
  /** Per user: no plan in §9 names a number, so one cap for everyone (docs/monitoring.md). */
  maxChecks: 50,
  maxHeaders: 20,
  maxBodyBytes: 64 * 1024,
} as const;

export const CHECK_KINDS = ['http', 'tcp', 'tls', 'k8s'] as const;
export const ZCheckKind = z.enum(CHECK_KINDS);
export type TCheckKind = z.infer<typeof ZCheckKind>;
export const CHECK_STATES = ['pending', 'up', 'down', 'paused'] as const;
export const ZCheckState = z.enum(CHECK_STATES);
export type TCheckStateView = z.infer<typeof ZCheckState>;

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** A host name or IP literal: no scheme, path, credentials or spaces. */
const ZHost = zString(253)
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'Enter a host name, e.g. example.com')
      .regex(/^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]+)$/, {
        message: 'Enter a host name or IP address only, without scheme, port or path',
      }),
  );
const ZPort = z
  .number()
  .int('The port is a whole number')
  .min(1, 'Ports run from 1 to 65535')
  .max(65_535, 'Ports run from 1 to 65535');

const ZHttpUrl = zString(2048)
  .transform((v) => v.trim())
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a full URL such as https://example.com/health',
      });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', message: 'The URL must start with http:// or https://' });
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'Put credentials in a header (Authorization), not in the URL',
      });
    }
  });

export const ZHeader = z.object({
  name: zString(256)
    .transform((v) => v.trim())
    .pipe(
      z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'A header name is letters, digits and -'),
    ),
  value: zString(8192).refine((v) => !/[\r\n]/.test(v), 'A header value is one line'),
});

export const ZHttpTarget = z
  .object({
    kind: z.literal('http'),
    method: z.enum(HTTP_METHODS).default('GET'),
    url: ZHttpUrl,
    headers: z.array(ZHeader).max(MONITOR_LIMITS.maxHeaders).default([]),
    body: zString(MONITOR_LIMITS.maxBodyBytes).nullable().default(null),
    /** Accepted status codes: `200-299`, `200, 301-302`. */
    expectedStatus: zString(200)
      .default('200-299')
      .superRefine((value, ctx) => {
        const parsed = parseStatusRanges(value);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    /** The answer must contain this text. */
    keyword: zString(500).nullable().default(null),
    /** A value in a JSON answer (`$.status`), compared with `expectedValue` when given. */
    jsonPath: zString(300)
      .nullable()
      .default(null)
      .superRefine((value, ctx) => {
        if (value === null || value === '') return;
        const parsed = parseJsonPath(value);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    expectedValue: zString(500).nullable().default(null),
    followRedirects: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.expectedValue !== null && !value.jsonPath) {
      ctx.addIssue({
        code: 'custom',
        path: ['jsonPath'],
        message: 'Give the JSON path whose value should equal the expected value',
      });
    }
  });

export const ZTcpTarget = z.object({ kind: z.literal('tcp'), host: ZHost, port: ZPort });

export const ZTlsTarget = z.object({
  kind: z.literal('tls'),
  host: ZHost,
  port: ZPort.default(443),
  /** Down when the certificate expires within this many days. */
  expiryDays: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days').default(14),
});

export const ZK8sTarget = z.object({
  kind: z.literal('k8s'),
  clusterId: z.uuid('Choose a connected cluster'),
  /** Pods and deployments of this namespace only; nodes are always read. Null: all. */
  namespace: zString(63).nullable().default(null),
  /** A running pod whose containers restarted more often than this counts as unhealthy. */
  maxRestarts: z.number().int().min(0).max(10_000).default(5),
});

export const ZCheckTarget = z.discriminatedUnion('kind', [
  ZHttpTarget,
  ZTcpTarget,
  ZTlsTarget,
  ZK8sTarget,
]);
export type TCheckTarget = z.output<typeof ZCheckTarget>;
export type TCheckTargetInput = z.input<typeof ZCheckTarget>;

export const ZCheckInput = z
  .object({
    name: zText(100).pipe(z.string().min(1, 'Give the check a name')),
    target: ZCheckTarget,
    intervalSeconds: z
      .number()
      .int()
      .min(MONITOR_LIMITS.minIntervalSeconds, 'The interval is at least 30 seconds')
      .max(MONITOR_LIMITS.maxIntervalSeconds, 'The interval is at most 24 hours (86400 seconds)')
      .default(60),
    timeoutSeconds: z
      .number()
      .int()
      .min(1, 'The timeout is at least 1 second')
      .max(MONITOR_LIMITS.maxTimeoutSeconds, 'The timeout is at most 60 seconds')
      .default(10),
    /** Failed runs in a row tolerated before the check is down and alerts. */
    retries: z
      .number()
      .int()
      .min(0)
      .max(MONITOR_LIMITS.maxRetries, 'At most 10 retries')
      .default(1),
    isPaused: z.boolean().default(false),
    notifyEmail: z.boolean().default(false),
    /** A URL that receives a signed JSON POST on each state change. */
    webhookUrl: ZHttpUrl.nullable().default(null),
    /**
     * The HMAC-SHA256 key of the webhook's signature: write-only. Omitted on update: kept;
     * null: removed.
     */
    webhookSecret: zString(256)
      .pipe(z.string().min(16, 'The webhook secret has at least 16 characters'))
      .nullable()
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.timeoutSeconds >= value.intervalSeconds) {
      ctx.addIssue({
        code: 'custom',
        path: ['timeoutSeconds'],
        message: 'The timeout must be shorter than the interval',
      });
    }
  });
export type TCheckInput = z.input<typeof ZCheckInput>;

/** A stored target as answered (plain shapes: response schemas carry no transforms). */
export const ZCheckTargetView = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('http'),
    method: z.enum(HTTP_METHODS),
    url: z.string(),
    /** Values are answered hidden (`••••••`); sending that back keeps the stored value. */
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
    body: z.string().nullable(),
    expectedStatus: z.string(),
    keyword: z.string().nullable(),
    jsonPath: z.string().nullable(),
    expectedValue: z.string().nullable(),
    followRedirects: z.boolean(),
  }),
  z.object({ kind: z.literal('tcp'), host: z.string(), port: z.number().int() }),
  z.object({
    kind: z.literal('tls'),
    host: z.string(),
    port: z.number().int(),
    expiryDays: z.number().int(),
  }),
  z.object({
    kind: z.literal('k8s'),
    clusterId: z.uuid(),
    namespace: z.string().nullable(),
    maxRestarts: z.number().int(),
  }),
]);
export type TCheckTargetView = z.infer<typeof ZCheckTargetView>;

export const ZCheck = z.object({
  id: z.uuid(),
  name: z.string(),
  target: ZCheckTargetView,
  intervalSeconds: z.number().int(),
  timeoutSeconds: z.number().int(),
  retries: z.number().int(),
  isPaused: z.boolean(),
  notifyEmail: z.boolean(),
  webhookUrl: z.string().nullable(),
  hasWebhookSecret: z.boolean(),
  state: ZCheckState,
  stateChangedAt: ZDateTime.nullable(),
  lastCheckedAt: ZDateTime.nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextRunAt: ZDateTime.nullable(),
  /** Percent over the last 24 hours, 7 and 30 days; null when it never ran then. */
  uptime: z.object({
    h24: z.number().nullable(),
    d7: z.number().nullable(),
    d30: z.number().nullable(),
  }),
  /** Whether a maintenance window covers it now (its alerts are silenced). */
  isInMaintenance: z.boolean(),
  createdAt: ZDateTime,
});
export type TCheck = z.infer<typeof ZCheck>;
