import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  oauthTokenStatus,
  startOAuth,
  type TOAuthInput,
} from '@stratum/core/contract/api-client/oauth';
import { callApi } from '../../../lib/api-client';
import { API_CLIENT_KEY } from './keys';

/** POST …/oauth/start: the provider's authorization URL for the popup, and its state. */
export function useStartOAuth() {
  return useMutation({
    mutationFn: async (input: TOAuthInput) => (await callApi(startOAuth, { body: input })).data,
  });
}

/** POST …/oauth/token-status: whether the server holds a token for this configuration. */
export const oauthTokenStatusQuery = (input: TOAuthInput) =>
  queryOptions({
    queryKey: [...API_CLIENT_KEY, 'oauth-token', input] as const,
    queryFn: async ({ signal }) => (await callApi(oauthTokenStatus, { body: input, signal })).data,
    staleTime: 30_000,
  });

export interface TOAuthMessage {
  type: 'stratum-oauth';
  state: string;
  ok: boolean;
  message: string;
}

function isOAuthMessage(data: unknown): data is TOAuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'stratum-oauth' &&
    typeof (data as { state?: unknown }).state === 'string'
  );
}

/**
 * Waits for the callback page in the popup to report (postMessage from this origin, or the
 * `stratum-oauth` BroadcastChannel when the provider cut the opener), for `state` only.
 */
export function waitForOAuth(state: string, signal: AbortSignal): Promise<TOAuthMessage> {
  return new Promise((resolve, reject) => {
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('stratum-oauth');
    const finish = () => {
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
    };
    const accept = (data: unknown) => {
      if (!isOAuthMessage(data) || data.state !== state) return;
      finish();
      resolve(data);
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) accept(event.data);
    };
    window.addEventListener('message', onWindowMessage);
    if (channel) channel.onmessage = (event: MessageEvent) => accept(event.data);
    signal.addEventListener('abort', () => {
      finish();
      reject(new DOMException('Cancelled', 'AbortError'));
    });
  });
}
