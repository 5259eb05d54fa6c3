import type { TLayoutResult } from './elk-graph';

type TAnswer = { id: number; positions?: TLayoutResult; error?: string };

/**
 * A layout worker started on first use, answering each request by its id. A worker that fails
 * rejects what it was asked and is started again on the next request.
 */
export function layoutClient(start: () => Worker) {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (r: TLayoutResult) => void; reject: (e: Error) => void }
  >();

  function ensure(): Worker {
    if (!worker) {
      const self = start();
      self.onmessage = (event: MessageEvent<TAnswer>) => {
        const pending = waiting.get(event.data.id);
        waiting.delete(event.data.id);
        if (!pending) return;
        if (event.data.positions) pending.resolve(event.data.positions);
        else pending.reject(new Error(event.data.error ?? 'layout failed'));
      };
      self.onerror = (event) => {
        for (const p of waiting.values()) p.reject(new Error(event.message || 'layout failed'));
        waiting.clear();
        self.terminate();
        if (worker === self) worker = undefined;
      };
      worker = self;
    }
    return worker;
  }

  return {
    /** Posts `message` (with an id added) and resolves with the worker's positions. */
    run(message: object): Promise<TLayoutResult> {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        ensure().postMessage({ ...message, id });
      });
    },
    /** Starts the worker (and its parse) before the first request. */
    warm(): void {
      ensure();
    },
  };
}

/** The ELK worker (elkjs is 1.5 MB to parse: one per page that lays out with it). */
export const startElkWorker = () =>
  new Worker(new URL('./elk.worker.ts', import.meta.url), { type: 'module' });
