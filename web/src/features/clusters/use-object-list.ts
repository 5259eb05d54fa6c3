import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { TK8sKind } from '@stratum/core/contract/k8s/cluster';
import { ZWatchEvent } from '@stratum/core/contract/k8s/streams';
import { isApiError } from '../../lib/api-client';
import { openEventStream, reconnectDelay } from './api/event-stream';
import { fetchResourcePage } from './api/resources';
import { STREAM_PATHS, streamUrl } from './api/stream-ticket';
import { EMPTY_LIST, objectListReducer } from './watch-reducer';

export interface ObjectListInput {
  clusterId: string;
  kind: TK8sKind;
  /** '' lists every namespace. */
  namespace: string;
  labelSelector: string;
}

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

const errorText = (error: unknown, fallback: string) =>
  isApiError(error) ? error.message : fallback;

/**
 * One kind's objects: the first page, "Load more" pages (`continue`), and the watch stream that
 * keeps them current. A dropped stream reconnects with a fresh ticket after relisting (events of
 * the gap are lost otherwise); an ERROR event stops it and says why.
 */
export function useObjectList({ clusterId, kind, namespace, labelSelector }: ObjectListInput) {
  const [state, dispatch] = useReducer(objectListReducer, EMPTY_LIST);
  const [listError, setListError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [live, setLive] = useState<LiveState>('connecting');
  const [watchError, setWatchError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const scope = useRef({ clusterId, kind, namespace, labelSelector });
  scope.current = { clusterId, kind, namespace, labelSelector };

  useEffect(() => {
    const abort = new AbortController();
    let closeStream: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const base = {
      clusterId,
      kind,
      namespace: namespace || undefined,
      labelSelector: labelSelector || undefined,
    };

    const watch = () => {
      closeStream = openEventStream(
        (ticket) =>
          streamUrl(STREAM_PATHS.watch, { clusterId, kind }, { namespace, labelSelector }, ticket),
        {
          onOpen: () => {
            attempt = 0;
            setLive('live');
          },
          onMessage: (message) => {
            const event = ZWatchEvent.safeParse(message);
            if (!event.success) return;
            if (event.data.type === 'ERROR') {
              closeStream?.();
              setLive('stopped');
              setWatchError(event.data.message);
              return;
            }
            dispatch(event.data);
          },
          onDrop: () => {
            setLive('reconnecting');
            timer = setTimeout(() => void list(), reconnectDelay(attempt));
            attempt += 1;
          },
          onTicketError: (error) => {
            setLive('stopped');
            setWatchError(errorText(error, 'Live updates could not start.'));
          },
        },
      );
    };

    const list = async () => {
      try {
        const page = await fetchResourcePage({ ...base, signal: abort.signal });
        if (abort.signal.aborted) return;
        dispatch({ type: 'LISTED', items: page.items, continueToken: page.continueToken });
        setListError(null);
        setIsLoading(false);
        watch();
      } catch (error) {
        if (abort.signal.aborted) return;
        setIsLoading(false);
        setListError(errorText(error, 'The list could not be loaded. Check your connection.'));
        setLive('stopped');
      }
    };

    dispatch({ type: 'LISTED', items: [], continueToken: undefined });
    setIsLoading(true);
    setListError(null);
    setWatchError(null);
    setLive('connecting');
    void list();
    return () => {
      abort.abort();
      clearTimeout(timer);
      closeStream?.();
    };
  }, [clusterId, kind, namespace, labelSelector, round]);

  const loadMore = useCallback(async () => {
    if (!state.continueToken) return;
    const asked = scope.current;
    setIsLoadingMore(true);
    try {
      const page = await fetchResourcePage({
        ...asked,
        namespace: asked.namespace || undefined,
        labelSelector: asked.labelSelector || undefined,
        continueToken: state.continueToken,
      });
      // The table moved on (another kind or namespace) while this page was loading.
      if (JSON.stringify(scope.current) !== JSON.stringify(asked)) return;
      dispatch({ type: 'PAGE', items: page.items, continueToken: page.continueToken });
    } catch (error) {
      // 410: the continue token expired; the only way on is a fresh list.
      if (isApiError(error) && error.status === 410) setRound((r) => r + 1);
      else setListError(errorText(error, 'The next page could not be loaded.'));
    } finally {
      setIsLoadingMore(false);
    }
  }, [state.continueToken]);

  const restart = useCallback(() => setRound((r) => r + 1), []);

  return { ...state, isLoading, isLoadingMore, listError, live, watchError, loadMore, restart };
}
