import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { createLiveTicket, LIVE_PATH } from '@stratum/core/contract/live/socket';
import type { TLiveServerFrame } from '@stratum/core/contract/live/socket';
import { callApi } from '../api-client';
import { PROJECTS_QUERY_KEY } from '../api/projects';
import { logClientError } from '../report-client-error';
import { LiveClient } from './live-client';

/** Exported for tests, which hand in a client on a fake socket. */
export const LiveContext = createContext<LiveClient | null>(null);

/** The live channel of this browser tab, on the same host as the page. */
export function createBrowserLiveClient(): LiveClient {
  return new LiveClient({
    getTicket: async () => (await callApi(createLiveTicket)).data.ticket,
    urlFor: (ticket) => {
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      return `${scheme}//${window.location.host}${LIVE_PATH}?ticket=${encodeURIComponent(ticket)}`;
    },
    createSocket: (url) => new WebSocket(url),
    // §8: reconnect exhaustion is reported to the error log (and so to the staff).
    onGiveUp: (error) =>
      logClientError({
        level: 'error',
        message: error.message,
        component: 'live-channel',
        action: 'reconnect',
      }),
  });
}

/**
 * Opens the live channel while a user is signed in. A change to a shared project refreshes
 * every view of projects; features listen for the rest with `useLiveEvent`.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createBrowserLiveClient);
  const queryClient = useQueryClient();
  useEffect(() => {
    client.start();
    let isReconnect = false;
    const offs = [
      client.on('project-changed', () => {
        void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      }),
      // After a reconnect, a change made while the socket was down reached nobody: catch up.
      client.on('ready', () => {
        if (isReconnect) void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
        isReconnect = true;
      }),
      // §8: socket errors are reported too; a refused frame is this page's mistake.
      client.on('error', (frame) =>
        logClientError({
          level: 'warn',
          message: frame.message,
          component: 'live-channel',
          action: frame.code,
        }),
      ),
    ];
    return () => {
      for (const off of offs) off();
      client.stop();
    };
  }, [client, queryClient]);
  return <LiveContext.Provider value={client}>{children}</LiveContext.Provider>;
}

/** The tab's live client, or null outside a LiveProvider (tests, the public site). */
export function useLiveClient(): LiveClient | null {
  return useContext(LiveContext);
}

/** Calls the latest `handler` for every frame of `type` while the component is mounted. */
export function useLiveEvent<T extends TLiveServerFrame['type']>(
  type: T,
  handler: (frame: Extract<TLiveServerFrame, { type: T }>) => void,
): void {
  const client = useLiveClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client?.on(type, (frame) => latest.current(frame)), [client, type]);
}
