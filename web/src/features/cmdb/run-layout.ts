import { HIERARCHY_LIMIT, type TLayoutRequest, type TLayoutResult } from './elk-layout';

export type TKind = 'elk' | 'fast';
const workers = new Map<TKind, Worker>();
let nextId = 0;
const waiting = new Map<
  number,
  { resolve: (r: TLayoutResult) => void; reject: (e: Error) => void }
>();

function layoutWorker(kind: TKind): Worker {
  let worker = workers.get(kind);
  if (!worker) {
    // Two workers: ELK (1.5 MB to parse) for small graphs, the linear layout for large ones.
    worker =
      kind === 'elk'
        ? new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' })
        : new Worker(new URL('./fast-layout.worker.ts', import.meta.url), { type: 'module' });
    const self = worker;
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
      self.terminate();
      workers.delete(kind);
    };
    workers.set(kind, worker);
  }
  return worker;
}

/** Whether ELK lays this graph out (up to 150 nodes); past that only the linear layout does. */
export const usesElk = (request: TLayoutRequest) => request.nodes.length <= HIERARCHY_LIMIT;

/** Lays the graph out in a Web Worker: `elk`, or the linear layout (`fast`). */
export function runLayout(request: TLayoutRequest, kind: TKind): Promise<TLayoutResult> {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    layoutWorker(kind).postMessage({ id, request });
  });
}

/** Starts the ELK worker (and its parse) before a graph arrives. */
export function warmLayout(): void {
  layoutWorker('elk');
}
