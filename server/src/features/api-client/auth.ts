import {
  applySimpleAuth,
  noSecrets,
  type TAuthSecrets,
} from '@stratum/core/api-client/auth-simple';
import type { TAuth } from '@stratum/core/api-client/model';
import { setHeader, type TWireRequest } from '@stratum/core/api-client/wire';
import { digestAuthorization, parseDigestChallenge, requestTarget } from './auth-digest';
import { signAwsV4 } from './auth-awsv4';
import type { OAuthClient } from './auth-oauth2';
import type { TSendInput, TSendResult, TUserSend } from './run-types';

/**
 * Applies the effective auth (already substituted) to the wire request. Basic, bearer and API
 * key are pure (core); OAuth 2.0 fetches or reuses a token; AWS v4 signs; digest is a handshake
 * done per attempt (`sendAttempt`), as it needs the server's challenge.
 */
export interface TPreparedAuth {
  wire: TWireRequest;
  secrets: TAuthSecrets;
  digest?: { username: string; password: string };
}

export async function prepareAuth(
  wire: TWireRequest,
  auth: TAuth,
  context: { userId: string; oauth: OAuthClient; now: () => number; signal?: AbortSignal },
): Promise<TPreparedAuth> {
  const simple = applySimpleAuth(wire, auth);
  if (simple) return simple;
  switch (auth.type) {
    case 'oauth2': {
      const token = await context.oauth.accessToken(context.userId, auth, context.signal);
      const headers = { ...wire.headers };
      setHeader(headers, 'Authorization', `${token.tokenType} ${token.accessToken}`);
      return { wire: { ...wire, headers }, secrets: { headers: ['Authorization'], query: [] } };
    }
    case 'awsv4':
      return {
        wire: await signAwsV4(wire, auth, new Date(context.now())),
        secrets: { headers: ['Authorization', 'X-Amz-Security-Token'], query: [] },
      };
    case 'digest':
      return {
        wire,
        secrets: { headers: ['Authorization'], query: [] },
        digest: { username: auth.username, password: auth.password },
      };
    default:
      return { wire, secrets: noSecrets() };
  }
}

/**
 * One attempt: the request as prepared; with digest, a 401 carrying a Digest challenge is
 * answered once with credentials (the answer to that is the attempt's). `onSent` sees each
 * request actually sent, so what is shown back is the last one.
 */
export function sendAttempt(
  send: TUserSend,
  prepared: TPreparedAuth,
  options: Pick<TSendInput, 'timeoutMs' | 'followRedirects'>,
  onSent: (wire: TWireRequest) => void,
): (signal?: AbortSignal) => Promise<TSendResult> {
  const toInput = (wire: TWireRequest): TSendInput => ({ ...wire, ...options });
  return async (signal) => {
    onSent(prepared.wire);
    const first = await send(toInput(prepared.wire), signal);
    if (!prepared.digest || first.status !== 401) return first;
    const key = Object.keys(first.headers).find((k) => k.toLowerCase() === 'www-authenticate');
    const challenge = parseDigestChallenge(key === undefined ? undefined : first.headers[key]);
    if (!challenge) return first;
    const headers = { ...prepared.wire.headers };
    setHeader(
      headers,
      'Authorization',
      digestAuthorization({
        challenge,
        ...prepared.digest,
        method: prepared.wire.method,
        uri: requestTarget(prepared.wire.url),
      }),
    );
    const answered = { ...prepared.wire, headers };
    onSent(answered);
    return send(toInput(answered), signal);
  };
}
