import { z } from 'zod';
import { ZApiRequest } from '../../api-client/model';
import { PLANS } from '../../plans';
import { FEATURE_PLANS, type TGatedFeature } from '../../plans-gating';
import { ERROR_CODES, type TPlanId } from '../common';
import { defineEndpoint } from '../endpoint';

/** An environment, collection or item id: what the storage of collections hands out. */
export const zApiId = () => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an id');

/**
 * Where a request comes from: the environment whose variables apply, and the collection (and
 * item in it) whose variables and inherited auth apply. All optional: a request typed in a new
 * tab has none.
 */
export const ZRunContext = z.object({
  environmentId: zApiId().optional(),
  collectionId: zApiId().optional(),
  itemId: zApiId().optional(),
});

/** What the upstream server answered, as the proxy read it. */
export const ZSendResult = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** UTF-8 text, or base64 when the body is not text. */
  body: z.string(),
  bodyEncoding: z.enum(['utf8', 'base64']),
  /** Bytes received. */
  size: z.number(),
  timings: z.object({
    dnsMs: z.number(),
    connectMs: z.number(),
    tlsMs: z.number(),
    firstByteMs: z.number(),
    totalMs: z.number(),
  }),
});
export type TSendResultShape = z.infer<typeof ZSendResult>;

export const ZRunError = z.object({ code: z.enum(ERROR_CODES), message: z.string() });

export const ZTestResult = z.object({
  name: z.string(),
  passed: z.boolean(),
  error: z.string().optional(),
});
export type TTestResult = z.infer<typeof ZTestResult>;

export const ZRunResult = z.object({
  /** The last attempt's answer; absent when no attempt got one. */
  response: ZSendResult.optional(),
  /**
   * Why there is no response (refused, unreachable, timed out, a script or auth step failed):
   * the run itself answers 200 so the scripts' logs and tests are still shown.
   */
  error: ZRunError.optional(),
  /** Every attempt, retries included, in order. */
  attempts: z.array(
    z.object({
      status: z.number().int().optional(),
      /** An error code when the attempt got no answer. */
      error: z.string().optional(),
      ms: z.number(),
    }),
  ),
  /** The request as sent, credentials masked; absent when it could not be built. */
  sent: z
    .object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) })
    .optional(),
  tests: z.array(ZTestResult),
  /** console.log of both scripts, capped. */
  logs: z.array(z.string()),
  scriptErrors: z.object({ preRequest: z.string().optional(), test: z.string().optional() }),
  /** What the scripts changed in the environment (saved to it when one was chosen). */
  variables: z.object({
    set: z.record(z.string(), z.string()),
    unset: z.array(z.string()),
    /**
     * Why none of it was saved (the environment was deleted meanwhile, would pass its variable
     * limit, or cannot store a value); the rest of the run stands.
     */
    saveError: z.string().optional(),
  }),
  /** `{{names}}` used but defined nowhere; sent as written. */
  missingVariables: z.array(z.string()),
});
export type TRunResult = z.infer<typeof ZRunResult>;

export const ZRunInput = ZRunContext.extend({ request: ZApiRequest });
export type TRunInput = z.infer<typeof ZRunInput>;

/**
 * Issue 12 §3: runs a request through the server (scripts, variables, auth, retries) and answers
 * what came back. Upstream failures answer 200 with `data.error`; the gate (403
 * api/feature_not_allowed), an unknown environment or collection (404 api/not_found) and an
 * invalid body (400) are error answers.
 */
export const runRequest = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/run',
  summary: 'Send a request from the API client',
  auth: true,
  body: ZRunInput,
  response: z.object({ success: z.literal(true), data: ZRunResult }),
  audit: {
    exempt:
      'an API-client send: nothing is saved but history; variables its scripts save to an environment are recorded as apiClient.environments.script',
  },
});

const FEATURE_NAMES: Partial<Record<TGatedFeature, string>> = {
  'api-advanced-auth': 'Advanced authentication (OAuth 2.0, AWS Signature v4, digest)',
  'api-retries': 'Retries',
  'api-code-snippets': 'Code snippets',
  'api-pre-request': 'Pre-request scripts',
  'api-test-scripts': 'Test scripts',
};

const listOf = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export const RUN_MSG = {
  /** The gate's refusal: the feature, the plans that have it, and the caller's plan. */
  featureNotAllowed: (feature: TGatedFeature, plan: TPlanId) =>
    `${FEATURE_NAMES[feature] ?? feature} ${FEATURE_NAMES[feature]?.endsWith('s') ? 'are' : 'is'} available on the ${listOf(FEATURE_PLANS[feature].map((p) => PLANS[p].name))} plans; you are on the ${PLANS[plan].name} plan. Upgrade your plan on the Subscription page.`,
  notFound: (what: 'environment' | 'collection' | 'request') =>
    `That ${what} was not found. It may have been deleted.`,
} as const;
