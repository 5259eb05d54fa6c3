import { layoutClient, startElkWorker } from '../../lib/layout/layout-worker';
import {
  CMDB_LAYOUT,
  HIERARCHY_LIMIT,
  type TLayoutRequest,
  type TLayoutResult,
} from './elk-layout';

export type TKind = 'elk' | 'fast';

// Two workers: ELK (1.5 MB to parse) for small graphs, the linear layout for large ones.
const elk = layoutClient(startElkWorker);
const fast = layoutClient(
  () => new Worker(new URL('./fast-layout.worker.ts', import.meta.url), { type: 'module' }),
);

/** Whether ELK lays this graph out (up to 150 nodes); past that only the linear layout does. */
export const usesElk = (request: TLayoutRequest) => request.nodes.length <= HIERARCHY_LIMIT;

/** Lays the graph out in a Web Worker: `elk`, or the linear layout (`fast`). */
export function runLayout(request: TLayoutRequest, kind: TKind): Promise<TLayoutResult> {
  return kind === 'elk' ? elk.run({ request, options: CMDB_LAYOUT }) : fast.run({ request });
}

/** Starts the ELK worker (and its parse) before a graph arrives. */
export function warmLayout(): void {
  elk.warm();
}
