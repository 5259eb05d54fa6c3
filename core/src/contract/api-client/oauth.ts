import { z } from 'zod';
import { ZAuth } from '../../api-client/model';
import { zString } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZRunContext } from './run';

/** An OAuth 2.0 auth (as the Auth tab holds it) and where its `{{variables}}` come from. */
export const ZOAuthInput = ZRunContext.pick({ environmentId: true, collectionId: true }).extend({
  auth: ZAuth,
});
export type TOAuthInput = z.infer<typeof ZOAuthInput>;

/**
 * Authorization code with PKCE (S256), step 1: the server keeps the verifier and a single-use
 * state bound to the caller for ten minutes, and answers the provider's authorization URL for a
 * popup. The provider then redirects the popup to `oauthCallback`.
 */
export const startOAuth = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/oauth/start',
  summary: 'Start an OAuth 2.0 authorization (code with PKCE)',
  auth: true,
  body: ZOAuthInput,
  response: z.object({
    success: z.literal(true),
    data: z.object({
      authorizationUrl: z.string(),
      state: z.string(),
      /** Register this redirect URI with the provider. */
      redirectUri: z.string(),
      expiresAt: z.string(),
    }),
  }),
  audit: { exempt: 'starts an OAuth authorization held in memory for minutes; nothing is saved' },
});

export const ZOAuthCallbackQuery = z.object({
  code: zString(4_096).optional(),
  state: zString(256).optional(),
  error: zString(256).optional(),
  error_description: zString(2_048).optional(),
});

/**
 * Step 2, where the provider sends the popup: no bearer token (the single-use state
 * authenticates it). Exchanges the code with the verifier, keeps the token server-side and
 * answers a small HTML page that tells the app (postMessage to the app's origin and a
 * BroadcastChannel `stratum-oauth`: `{ type: 'stratum-oauth', state, ok, message }`) and closes.
 * Always 200 with a page that says what happened; nothing else reads it.
 */
export const oauthCallback = defineEndpoint({
  method: 'GET',
  path: '/api/api-client/oauth/callback',
  summary: 'OAuth 2.0 redirect target (answers an HTML page)',
  auth: false,
  querystring: ZOAuthCallbackQuery,
  response: z.string(),
});

/** Whether the server holds a token for this OAuth 2.0 configuration (the Auth tab's badge). */
export const oauthTokenStatus = defineEndpoint({
  method: 'POST',
  path: '/api/api-client/oauth/token-status',
  summary: 'Whether an OAuth 2.0 token is held for a configuration',
  auth: true,
  body: ZOAuthInput,
  response: z.object({
    success: z.literal(true),
    data: z.object({
      hasToken: z.boolean(),
      /** When the held token expires (a refresh token may renew it). */
      expiresAt: z.string().nullable(),
      canRefresh: z.boolean(),
    }),
  }),
  audit: { exempt: 'a read: whether a token is held' },
});
