import { layoutClient, startElkWorker } from '../../../lib/layout/layout-worker';
import { BOARD_LAYOUT, type TLayoutRequest, type TLayoutResult } from './elk-graph';

const client = layoutClient(startElkWorker);

/** Lays the board out with ELK in a Web Worker; resolves with the new positions. */
export function runAutoLayout(request: TLayoutRequest): Promise<TLayoutResult> {
  return client.run({ request, options: BOARD_LAYOUT });
}
