import { createHash, randomBytes } from 'node:crypto';
import { wireUrl } from '@stratum/core/api-client/wire-url';
import { AppError } from '../../lib/errors';
import type { OAuthStore } from './oauth-store';
import { type TOAuth2Auth, type TOAuthToken } from './oauth-store';
import type { TSend, TSendResult } from './run-types';

/**
 * OAuth 2.0 for the API client (issue 12 §3, `api-advanced-auth`): client credentials, and
 * authorization code with PKCE (S256). Token requests go through the injected proxy `send`, so
 * the egress policy applies to token endpoints too. Tokens are kept per user and configuration
 * (`OAuthStore`) until shortly before they expire, then refreshed with the refresh token when
 * there is one, or fetched again (client credentials).
 */

/** Used when the provider does not say how long a token lives (RFC 6749 leaves it open). */
const DEFAULT_LIFETIME_S = 3_600;
const MARGIN_MS = 60_000;
const TOKEN_TIMEOUT_MS = 30_000;

const failed = (message: string) => new AppError('api/oauth_failed', message);

/** One configuration, one hash: tokens are kept under it. */
export function oauthConfigHash(auth: TOAuth2Auth): string {
  const fields = [
    auth.grant,
    auth.tokenUrl,
    auth.authUrl,
    auth.clientId,
    auth.clientSecret,
    auth.scope,
    auth.audience,
    auth.clientAuth,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

const formEncode = (pairs: Record<string, string>) => new URLSearchParams(pairs).toString();

function headerOf(headers: TSendResult['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function bodyText(res: TSendResult): string {
  return res.bodyEncoding === 'base64'
    ? Buffer.from(res.body, 'base64').toString('utf8')
    : res.body;
}

/** The token endpoint's answer as fields: JSON, or form-encoded (as some providers answer). */
function fieldsOf(res: TSendResult): Record<string, unknown> | undefined {
  const text = bodyText(res);
  const type = headerOf(res.headers, 'content-type') ?? '';
  if (/application\/x-www-form-urlencoded/i.test(type)) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export class OAuthClient {
  constructor(
    private readonly send: TSend,
    readonly store: OAuthStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** POSTs `params` to the token endpoint with the client's credentials (RFC 6749 §2.3.1). */
  private async tokenRequest(
    userId: string,
    auth: TOAuth2Auth,
    params: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<TOAuthToken> {
    const url = wireUrl(auth.tokenUrl, []);
    if (!url.ok) throw failed(`The token URL is not valid: ${url.message}`);
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    };
    const body: Record<string, string> = { ...params };
    if (auth.clientAuth === 'header' && auth.clientSecret !== '') {
      const id = encodeURIComponent(auth.clientId);
      const secret = encodeURIComponent(auth.clientSecret);
      headers.Authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    } else {
      body.client_id = auth.clientId;
      if (auth.clientSecret !== '') body.client_secret = auth.clientSecret;
    }
    let res: TSendResult;
    try {
      res = await this.send(
        {
          method: 'POST',
          url: url.url,
          headers,
          body: formEncode(body),
          bodyEncoding: 'utf8',
          timeoutMs: TOKEN_TIMEOUT_MS,
          followRedirects: false,
        },
        { userId, ...(signal && { signal }) },
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof AppError && error.code !== 'api/egress_refused') {
        throw failed(`The token endpoint could not be reached: ${error.message}`);
      }
      throw error;
    }
    const fields = fieldsOf(res);
    if (res.status < 200 || res.status >= 300) {
      const code = typeof fields?.error === 'string' ? fields.error : undefined;
      const text = typeof fields?.error_description === 'string' ? fields.error_description : '';
      throw failed(
        `The token endpoint answered ${res.status}${code ? ` (${code}${text ? `: ${text}` : ''})` : ''}.`,
      );
    }
    const accessToken = fields?.access_token;
    if (typeof accessToken !== 'string' || accessToken === '') {
      throw failed('The token endpoint answered without an access_token.');
    }
    const lifetime = Number(fields?.expires_in);
    const lifetimeMs =
      (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : DEFAULT_LIFETIME_S) * 1000;
    const now = this.now();
    const type = typeof fields?.token_type === 'string' ? fields.token_type : 'Bearer';
    const refresh = fields?.refresh_token;
    return {
      accessToken,
      tokenType: type.toLowerCase() === 'bearer' ? 'Bearer' : type,
      expiresAt: now + lifetimeMs,
      usableUntil: now + lifetimeMs - Math.min(MARGIN_MS, lifetimeMs / 10),
      ...(typeof refresh === 'string' && refresh !== '' && { refreshToken: refresh }),
    };
  }

  /** A usable access token: the kept one, a refreshed one, or (client credentials) a new one. */
  async accessToken(userId: string, auth: TOAuth2Auth, signal?: AbortSignal): Promise<TOAuthToken> {
    const hash = oauthConfigHash(auth);
    const kept = this.store.getToken(userId, hash);
    if (kept && this.now() < kept.usableUntil) return kept;
    if (kept?.refreshToken) {
      try {
        const renewed = await this.tokenRequest(
          userId,
          auth,
          {
            grant_type: 'refresh_token',
            refresh_token: kept.refreshToken,
            ...(auth.scope !== '' && { scope: auth.scope }),
          },
          signal,
        );
        // A provider that does not rotate refresh tokens answers none: keep the old one.
        const token = { ...renewed, refreshToken: renewed.refreshToken ?? kept.refreshToken };
        this.store.setToken(userId, hash, token);
        return token;
      } catch (error) {
        if (signal?.aborted) throw error;
        this.store.deleteToken(userId, hash);
        if (auth.grant !== 'client_credentials') throw error;
      }
    }
    if (auth.grant !== 'client_credentials') {
      throw failed(
        kept
          ? 'The OAuth 2.0 token has expired: authorise again from the Auth tab.'
          : 'No OAuth 2.0 token yet: authorise from the Auth tab first.',
      );
    }
    const token = await this.tokenRequest(
      userId,
      auth,
      {
        grant_type: 'client_credentials',
        ...(auth.scope !== '' && { scope: auth.scope }),
        ...(auth.audience !== '' && { audience: auth.audience }),
      },
      signal,
    );
    this.store.setToken(userId, hash, token);
    return token;
  }

  /** Step 1 of authorization code with PKCE: the provider URL for the popup. */
  start(userId: string, auth: TOAuth2Auth, redirectUri: string) {
    if (auth.grant !== 'authorization_code') {
      throw new AppError(
        'request/invalid',
        'Only the authorization code grant is authorised in a window.',
      );
    }
    const authUrl = wireUrl(auth.authUrl, []);
    if (!authUrl.ok)
      throw new AppError(
        'request/invalid',
        `The authorization URL is not valid: ${authUrl.message}`,
      );
    const tokenUrl = wireUrl(auth.tokenUrl, []);
    if (!tokenUrl.ok)
      throw new AppError('request/invalid', `The token URL is not valid: ${tokenUrl.message}`);
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pending = this.store.addPending({
      userId,
      configHash: oauthConfigHash(auth),
      auth,
      verifier,
      redirectUri,
    });
    const url = new URL(authUrl.url);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', auth.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    if (auth.scope !== '') url.searchParams.set('scope', auth.scope);
    if (auth.audience !== '') url.searchParams.set('audience', auth.audience);
    url.searchParams.set('state', pending.state);
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return {
      authorizationUrl: url.href,
      state: pending.state,
      redirectUri,
      expiresAt: new Date(pending.expiresAt).toISOString(),
    };
  }

  /** Step 2: the provider's redirect. Answers what the callback page says. */
  async complete(query: {
    state?: string | undefined;
    code?: string | undefined;
    error?: string | undefined;
    error_description?: string | undefined;
  }): Promise<{ ok: boolean; message: string }> {
    const pending = query.state ? this.store.takePending(query.state) : undefined;
    if (!pending) {
      return {
        ok: false,
        message:
          'This authorization has expired or was already used. Start again from the Auth tab.',
      };
    }
    if (query.error) {
      return {
        ok: false,
        message: `The provider did not authorise: ${query.error}${query.error_description ? ` (${query.error_description})` : ''}.`,
      };
    }
    if (!query.code) return { ok: false, message: 'The provider answered without a code.' };
    try {
      const token = await this.tokenRequest(pending.userId, pending.auth, {
        grant_type: 'authorization_code',
        code: query.code,
        redirect_uri: pending.redirectUri,
        code_verifier: pending.verifier,
      });
      this.store.setToken(pending.userId, pending.configHash, token);
      return { ok: true, message: 'Authorised. You can close this window.' };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, message: error.message };
      throw error;
    }
  }

  status(userId: string, auth: TOAuth2Auth) {
    const kept = this.store.getToken(userId, oauthConfigHash(auth));
    return {
      hasToken: kept !== undefined && this.now() < kept.usableUntil,
      expiresAt: kept ? new Date(kept.expiresAt).toISOString() : null,
      canRefresh: kept?.refreshToken !== undefined,
    };
  }
}
