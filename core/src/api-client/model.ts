import { z } from 'zod';
import { zString } from '../contract/common';

/**
 * The API client's documents (issue 12): a request as the editor holds it, the collections that
 * hold requests in folders, and environments of variables. Stored per user as JSONB documents
 * with a version field (`v`), read through `parseCollection`, like the design document.
 * Isomorphic: the web edits these, the server stores and runs them.
 */

export const API_LIMITS = {
  /** History entries kept per user; older ones are dropped as new ones arrive. */
  historyEntries: 200,
  /** Request body, decoded. */
  requestBodyBytes: 10 * 1024 * 1024,
  /** Response body read from the upstream server. */
  responseBodyBytes: 20 * 1024 * 1024,
  defaultTimeoutMs: 30_000,
  maxTimeoutMs: 120_000,
  maxRedirects: 10,
  maxRetries: 5,
  maxBackoffMs: 30_000,
  /** One script run (pre-request or test): wall time and heap. */
  scriptTimeoutMs: 2_000,
  scriptMemoryBytes: 32 * 1024 * 1024,
  scriptChars: 100_000,
  /** Items (folders and requests) in one collection, and folder depth. */
  collectionItems: 2_000,
  folderDepth: 8,
  collectionsPerUser: 200,
  environmentsPerUser: 100,
  variablesPerEnvironment: 500,
  urlChars: 8_192,
  nameChars: 200,
  headerValueChars: 16_384,
  keyValueRows: 200,
} as const;

/** RFC 9110 method token; the editor offers the usual seven and accepts any other token. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const ZMethod = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP method token such as GET')
  // `overwrite`, not `transform`: answers that carry a request are encoded through this schema,
  // and zod cannot encode through a one-way transform.
  .overwrite((m) => m.toUpperCase());

const zName = () =>
  zString(API_LIMITS.nameChars).pipe(z.string().trim().min(1, 'Name is required'));

/** One row of a params, headers, form or variables table; disabled rows are kept but not sent. */
export const ZKeyValue = z.object({
  key: zString(1_024),
  value: zString(API_LIMITS.headerValueChars),
  enabled: z.boolean().default(true),
  description: zString(1_000).optional(),
});
export type TKeyValue = z.infer<typeof ZKeyValue>;
const zRows = () => z.array(ZKeyValue).max(API_LIMITS.keyValueRows).default([]);

export const ZMultipartPart = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    key: zString(1_024),
    value: zString(API_LIMITS.headerValueChars),
    enabled: z.boolean().default(true),
  }),
  z.object({
    kind: z.literal('file'),
    key: zString(1_024),
    fileName: zString(255),
    contentType: zString(255).default('application/octet-stream'),
    /** The file's bytes, base64. Files live in the request document (capped with the body). */
    dataBase64: z.string().max(Math.ceil((API_LIMITS.requestBodyBytes * 4) / 3) + 4),
    enabled: z.boolean().default(true),
  }),
]);
export type TMultipartPart = z.infer<typeof ZMultipartPart>;

const zBodyText = () => zString(API_LIMITS.requestBodyBytes);

export const ZRequestBody = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('json'), text: zBodyText() }),
  z.object({
    mode: z.literal('raw'),
    text: zBodyText(),
    contentType: zString(255).default('text/plain'),
  }),
  z.object({ mode: z.literal('form'), fields: zRows() }),
  z.object({
    mode: z.literal('multipart'),
    parts: z.array(ZMultipartPart).max(API_LIMITS.keyValueRows).default([]),
  }),
  z.object({
    mode: z.literal('graphql'),
    query: zBodyText(),
    /** JSON object text; empty means none. */
    variables: zString(1_000_000).default(''),
    operationName: zString(255).optional(),
  }),
]);
export type TRequestBody = z.infer<typeof ZRequestBody>;
export type TBodyMode = TRequestBody['mode'];

/** Auth kinds anyone may use. */
export const BASIC_AUTH_TYPES = ['none', 'inherit', 'basic', 'bearer', 'apikey'] as const;
/** Auth kinds behind the `api-advanced-auth` plan feature (pro and above). */
export const ADVANCED_AUTH_TYPES = ['oauth2', 'awsv4', 'digest'] as const;

const zSecret = () => zString(16_384);

export const ZAuth = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  /** Use the enclosing folder's or collection's auth. */
  z.object({ type: z.literal('inherit') }),
  z.object({ type: z.literal('basic'), username: zString(1_024), password: zSecret() }),
  z.object({
    type: z.literal('bearer'),
    token: zSecret(),
    /** The scheme word before the token. */
    prefix: zString(64).default('Bearer'),
  }),
  z.object({
    type: z.literal('apikey'),
    key: zString(1_024),
    value: zSecret(),
    in: z.enum(['header', 'query']).default('header'),
  }),
  z.object({
    type: z.literal('oauth2'),
    grant: z.enum(['client_credentials', 'authorization_code']),
    tokenUrl: zString(API_LIMITS.urlChars),
    /** authorization_code only; PKCE (S256) is always used. */
    authUrl: zString(API_LIMITS.urlChars).default(''),
    clientId: zString(1_024),
    clientSecret: zSecret().default(''),
    scope: zString(2_048).default(''),
    audience: zString(1_024).default(''),
    /** Client credentials in a Basic header (RFC 6749 §2.3.1 preferred) or in the body. */
    clientAuth: z.enum(['header', 'body']).default('header'),
  }),
  z.object({
    type: z.literal('awsv4'),
    accessKeyId: zString(256),
    secretAccessKey: zSecret(),
    sessionToken: zSecret().default(''),
    region: zString(64),
    service: zString(64),
  }),
  z.object({ type: z.literal('digest'), username: zString(1_024), password: zSecret() }),
]);
export type TAuth = z.infer<typeof ZAuth>;
export type TAuthType = TAuth['type'];

export const ZRetrySettings = z.object({
  /** Extra attempts after the first; 0 is off. Behind `api-retries` (pro and above). */
  count: z.number().int().min(0).max(API_LIMITS.maxRetries).default(0),
  /** Wait before the first retry; doubles each time. A Retry-After header wins when longer. */
  backoffMs: z.number().int().min(0).max(API_LIMITS.maxBackoffMs).default(500),
  /** Statuses retried; connection failures and timeouts always are. */
  statuses: z.array(z.number().int().min(100).max(599)).max(50).default([429, 502, 503, 504]),
});
export type TRetrySettings = z.infer<typeof ZRetrySettings>;

export const ZRequestSettings = z.object({
  timeoutMs: z
    .number()
    .int()
    .min(1)
    .max(API_LIMITS.maxTimeoutMs)
    .default(API_LIMITS.defaultTimeoutMs),
  followRedirects: z.boolean().default(true),
  retries: ZRetrySettings.default({ count: 0, backoffMs: 500, statuses: [429, 502, 503, 504] }),
});
export type TRequestSettings = z.infer<typeof ZRequestSettings>;

export const ZScripts = z.object({
  /** Runs before the request; behind `api-pre-request` (ultra-pro and above). */
  preRequest: zString(API_LIMITS.scriptChars).default(''),
  /** Runs on the response; behind `api-test-scripts` (ultra-pro and above). */
  test: zString(API_LIMITS.scriptChars).default(''),
});
export type TScripts = z.infer<typeof ZScripts>;

/** A request as the editor holds it; `{{name}}` anywhere in text is a variable. */
export const ZApiRequest = z.object({
  method: ZMethod.default('GET'),
  url: zString(API_LIMITS.urlChars).default(''),
  params: zRows(),
  headers: zRows(),
  body: ZRequestBody.default({ mode: 'none' }),
  auth: ZAuth.default({ type: 'inherit' }),
  settings: ZRequestSettings.default({
    timeoutMs: API_LIMITS.defaultTimeoutMs,
    followRedirects: true,
    retries: { count: 0, backoffMs: 500, statuses: [429, 502, 503, 504] },
  }),
  scripts: ZScripts.default({ preRequest: '', test: '' }),
});
export type TApiRequest = z.infer<typeof ZApiRequest>;
export type TApiRequestInput = z.input<typeof ZApiRequest>;

const zId = () => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');

export interface TRequestItem {
  id: string;
  kind: 'request';
  name: string;
  request: TApiRequest;
}
export interface TFolderItem {
  id: string;
  kind: 'folder';
  name: string;
  description?: string;
  auth: TAuth;
  items: TCollectionItem[];
}
export type TCollectionItem = TRequestItem | TFolderItem;

export const ZRequestItem = z.object({
  id: zId(),
  kind: z.literal('request'),
  name: zName(),
  request: ZApiRequest,
});

export const ZFolderItem: z.ZodType<TFolderItem, unknown> = z.lazy(() =>
  z.object({
    id: zId(),
    kind: z.literal('folder'),
    name: zName(),
    description: zString(10_000).optional(),
    auth: ZAuth.default({ type: 'inherit' }),
    items: z.array(ZCollectionItem).default([]),
  }),
);

export const ZCollectionItem: z.ZodType<TCollectionItem, unknown> = z.lazy(() =>
  z.union([ZRequestItem, ZFolderItem]),
);

export const CURRENT_COLLECTION_VERSION = 1;

/** A collection document (version 1). Its auth and variables apply to every request in it. */
export const ZCollectionDoc = z
  .object({
    v: z.literal(CURRENT_COLLECTION_VERSION),
    name: zName(),
    description: zString(10_000).default(''),
    auth: ZAuth.default({ type: 'none' }),
    variables: z.array(ZKeyValue).max(API_LIMITS.variablesPerEnvironment).default([]),
    items: z.array(ZCollectionItem).default([]),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    let count = 0;
    const walk = (items: readonly TCollectionItem[], depth: number, path: (string | number)[]) => {
      items.forEach((item, i) => {
        count++;
        if (ids.has(item.id)) {
          ctx.addIssue({ code: 'custom', path: [...path, i, 'id'], message: 'duplicate item id' });
        }
        ids.add(item.id);
        if (item.kind === 'folder') {
          if (depth >= API_LIMITS.folderDepth) {
            ctx.addIssue({
              code: 'custom',
              path: [...path, i],
              message: `folders nest at most ${API_LIMITS.folderDepth} deep`,
            });
          } else walk(item.items, depth + 1, [...path, i, 'items']);
        }
      });
    };
    walk(doc.items, 1, ['items']);
    if (count > API_LIMITS.collectionItems) {
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: `a collection holds at most ${API_LIMITS.collectionItems} folders and requests`,
      });
    }
  });
export type TCollectionDoc = z.infer<typeof ZCollectionDoc>;

export type TCollectionParse =
  | { ok: true; doc: TCollectionDoc; upgradedFrom?: number }
  | { ok: false; issues: { path: string; message: string }[] };

/** Reads any stored version of a collection document and upgrades it to the current one. */
export function parseCollection(input: unknown): TCollectionParse {
  const v = typeof input === 'object' && input !== null ? (input as { v?: unknown }).v : undefined;
  if (v !== CURRENT_COLLECTION_VERSION) {
    return {
      ok: false,
      issues: [{ path: 'v', message: `unsupported collection version ${String(v)} (expected 1)` }],
    };
  }
  const parsed = ZCollectionDoc.safeParse(input);
  if (parsed.success) return { ok: true, doc: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({
      path: i.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .replace(/^\./, ''),
      message: i.message,
    })),
  };
}

/**
 * An environment variable. Secret values are encrypted at rest and never sent back to the
 * browser: reads give `value: ''` with `hasValue`; a write with `value: null` keeps the stored one.
 */
export const ZEnvVariable = z.object({
  key: zString(1_024).pipe(z.string().trim().min(1, 'Variable name is required')),
  value: zString(API_LIMITS.headerValueChars).nullable(),
  secret: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type TEnvVariable = z.infer<typeof ZEnvVariable>;

/** Every feature a request uses that a plan may lack (§6), for the server's gate and the UI. */
export function gatedFeaturesOf(
  request: TApiRequest,
  effectiveAuth: TAuth = request.auth,
): ('api-advanced-auth' | 'api-retries' | 'api-pre-request' | 'api-test-scripts')[] {
  const out: ('api-advanced-auth' | 'api-retries' | 'api-pre-request' | 'api-test-scripts')[] = [];
  if ((ADVANCED_AUTH_TYPES as readonly string[]).includes(effectiveAuth.type)) {
    out.push('api-advanced-auth');
  }
  if (request.settings.retries.count > 0) out.push('api-retries');
  if (request.scripts.preRequest.trim() !== '') out.push('api-pre-request');
  if (request.scripts.test.trim() !== '') out.push('api-test-scripts');
  return out;
}
