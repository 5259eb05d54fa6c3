import type { TLayoutRequest, TLayoutResult } from './elk-layout';

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<
  number,
  { resolve: (r: TLayoutResult) => void; reject: (e: Error) => void }
>();

function layoutWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (
      event: MessageEvent<{ id: number; positions?: TLayoutResult; error?: string }>,
    ) => {
      const pending = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      if (!pending) return;
      if (event.data.positions) pending.resolve(event.data.positions);
      else pending.reject(new Error(event.data.error ?? 'layout failed'));
    };
    worker.onerror = (event) => {
      for (const p of waiting.values()) p.reject(new Error(event.message || 'layout failed'));
      waiting.clear();
      worker?.terminate();
      worker = undefined;
    };
  }
  return worker;
}

/** Lays the graph out with ELK in a Web Worker. */
export function runLayout(request: TLayoutRequest): Promise<TLayoutResult> {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, request });
  });
}
