import { diffLines, type LineDiff, type LineDiffOptions } from '@stratum/core/tools/diff/line-diff';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DiffRequest, DiffResponse } from './diff-worker';

/** Up to this many characters in total the diff runs at once, on the page's thread. */
const SYNC_CHARS = 200_000;
const DEBOUNCE_MS = 200;

interface Request {
  left: string;
  right: string;
  options: LineDiffOptions;
}

export interface LineDiffState {
  diff: LineDiff | null;
  /** A newer comparison is running; `diff` is the previous one. */
  isPending: boolean;
}

/** The line diff of two texts: small ones at once, large ones in a Web Worker. */
export function useLineDiff(
  left: string,
  right: string,
  ignoreWhitespace: boolean,
  ignoreCase: boolean,
): LineDiffState {
  const request = useMemo<Request>(
    () => ({ left, right, options: { ignoreWhitespace, ignoreCase } }),
    [left, right, ignoreWhitespace, ignoreCase],
  );
  const isSmall = left.length + right.length <= SYNC_CHARS;
  const syncDiff = useMemo(
    () => (isSmall ? diffLines(request.left, request.right, request.options) : null),
    [isSmall, request],
  );
  const [result, setResult] = useState<{ request: Request; diff: LineDiff } | null>(null);
  const worker = useRef<{ instance: Worker; request: Request | null } | null>(null);

  useEffect(() => () => worker.current?.instance.terminate(), []);

  useEffect(() => {
    if (isSmall) return;
    const timer = window.setTimeout(() => {
      const runHere = () =>
        setResult({ request, diff: diffLines(request.left, request.right, request.options) });
      // A comparison still running is out of date: stop it rather than wait for it.
      if (worker.current?.request) {
        worker.current.instance.terminate();
        worker.current = null;
      }
      if (!worker.current) {
        let instance: Worker;
        try {
          instance = new Worker(new URL('./diff-worker.ts', import.meta.url), { type: 'module' });
        } catch {
          runHere();
          return;
        }
        const current = { instance, request: null as Request | null };
        instance.onmessage = (event: MessageEvent<DiffResponse>) => {
          if (current.request) setResult({ request: current.request, diff: event.data.diff });
          current.request = null;
        };
        instance.onerror = () => {
          // A worker that cannot start (blocked by a policy, say): compare here instead.
          if (worker.current === current) worker.current = null;
          runHere();
        };
        worker.current = current;
      }
      worker.current.request = request;
      const message: DiffRequest = request;
      worker.current.instance.postMessage(message);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [isSmall, request]);

  if (isSmall) return { diff: syncDiff, isPending: false };
  return { diff: result?.diff ?? null, isPending: result?.request !== request };
}
