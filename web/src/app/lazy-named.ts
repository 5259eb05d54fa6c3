import { createElement, lazy, type ComponentType } from 'react';
import { readSessionString, SESSION_KEYS, writeSessionString } from '../lib/storage';

/** Waits between attempts at a page's code: a flaky network usually answers the second time. */
export const RETRY_DELAYS_MS = [400, 1200] as const;
/** At most one automatic reload per this long, so a chunk that never loads cannot loop. */
export const RELOAD_GUARD_MS = 5 * 60_000;

/** The browsers' words for a script module that could not be downloaded. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `loader` until it succeeds, retrying download failures after each delay. */
export async function loadWithRetry<T>(
  loader: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await loader();
    } catch (error) {
      const delay = delays[attempt];
      if (!isChunkLoadError(error) || delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/**
 * After a new deployment the old chunk names are gone: reloading fetches the new entry. Once per
 * RELOAD_GUARD_MS at most, and never offline (a reload would only show the browser's error).
 */
export function reloadOnceForNewDeployment(now = Date.now()): boolean {
  if (typeof window === 'undefined' || !navigator.onLine) return false;
  const last = Number(readSessionString(SESSION_KEYS.chunkReloadAt) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  writeSessionString(SESSION_KEYS.chunkReloadAt, String(now));
  window.location.reload();
  return true;
}

let retryRound = 0;

/** Try Again: the next render of a page whose download failed starts a fresh download. */
export function retryFailedLoads(): void {
  retryRound += 1;
}

/**
 * React.lazy for a named export: `lazyNamed(() => import('./x').then((m) => m.X))`. A failed
 * download is retried, then the page reloads once; if it still fails the error reaches the
 * nearest error boundary, whose Try Again (`retryFailedLoads`) makes the next render download
 * afresh. (Replacing it at once would make React's own retry render loop on a dead chunk.)
 */
export function lazyNamed<P extends object>(
  loader: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const create = () => {
    const entry = {
      round: retryRound,
      hasFailed: false,
      component: lazy(async () => {
        try {
          return { default: await loadWithRetry(loader) };
        } catch (error) {
          if (isChunkLoadError(error) && reloadOnceForNewDeployment()) {
            return new Promise<never>(() => undefined);
          }
          entry.hasFailed = true;
          throw error;
        }
      }),
    };
    return entry;
  };
  let current = create();
  function LazyNamed(props: P) {
    if (current.hasFailed && current.round !== retryRound) current = create();
    return createElement(current.component, props);
  }
  return LazyNamed;
}
