import { useEffect, useRef, useState } from 'react';
import { ZLogEvent } from '@stratum/core/contract/k8s/streams';
import { isApiError } from '../../lib/api-client';
import { openEventStream } from './api/event-stream';
import { STREAM_PATHS, streamUrl } from './api/stream-ticket';

export interface LogLine {
  time: string;
  text: string;
}

export interface LogStreamInput {
  clusterId: string;
  pod: string;
  namespace: string;
  container: string;
  /** Lines from the end to start with; null: the whole log. */
  tail: number | null;
  isFollowing: boolean;
  /** Bumped to start again. */
  round: number;
}

export type LogStatus = 'connecting' | 'streaming' | 'ended' | 'dropped' | 'failed';

/** The viewer keeps the newest lines only, so a chatty pod cannot exhaust the tab. */
export const MAX_LOG_LINES = 10_000;

/** A pod's log as SSE (one event per line), opened with a single-use ticket. */
export function useLogStream(input: LogStreamInput) {
  const [lines, setLines] = useState<LogLine[]>([]);
  const [status, setStatus] = useState<LogStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<LogLine[]>([]);
  const { clusterId, pod, namespace, container, tail, isFollowing, round } = input;

  useEffect(() => {
    setLines([]);
    setStatus('connecting');
    setError(null);
    pending.current = [];
    let isEnded = false;
    // Lines arrive in bursts: render them at most every 100 ms.
    const flush = setInterval(() => {
      if (pending.current.length === 0) return;
      const batch = pending.current;
      pending.current = [];
      setLines((current) => [...current, ...batch].slice(-MAX_LOG_LINES));
    }, 100);
    const close = openEventStream(
      (ticket) =>
        streamUrl(
          STREAM_PATHS.logs,
          { clusterId, pod },
          {
            namespace,
            container,
            tail: tail === null ? undefined : String(tail),
            follow: isFollowing ? 'true' : 'false',
          },
          ticket,
        ),
      {
        onOpen: () => setStatus('streaming'),
        onMessage: (message) => {
          const event = ZLogEvent.safeParse(message);
          if (!event.success) return;
          if (event.data.type === 'line') pending.current.push(event.data);
          else {
            isEnded = true;
            close();
            setStatus(event.data.type === 'end' ? 'ended' : 'failed');
            if (event.data.type === 'error') setError(event.data.message);
          }
        },
        onDrop: () => {
          if (!isEnded) setStatus('dropped');
        },
        onTicketError: (failure) => {
          setStatus('failed');
          setError(isApiError(failure) ? failure.message : 'The log stream could not start.');
        },
      },
    );
    return () => {
      clearInterval(flush);
      close();
    };
  }, [clusterId, pod, namespace, container, tail, isFollowing, round]);

  return { lines, status, error };
}

/** The log as a file: what the viewer holds, with timestamps when they are shown. */
export function logText(lines: readonly LogLine[], withTimestamps: boolean): string {
  return (
    lines.map((line) => (withTimestamps ? `${line.time} ${line.text}` : line.text)).join('\n') +
    '\n'
  );
}
