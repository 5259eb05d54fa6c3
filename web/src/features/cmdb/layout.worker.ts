/// <reference lib="webworker" />
import ELK from 'elkjs/lib/elk.bundled.js';
import { fromElkGraph, toElkGraph, type TLayoutRequest } from './elk-layout';

/** ELK off the main thread (as the planner's board does): the page stays responsive. */
const elk = new ELK();

self.onmessage = (event: MessageEvent<{ id: number; request: TLayoutRequest }>) => {
  const { id, request } = event.data;
  const groups = new Set(request.nodes.filter((n) => n.isGroup).map((n) => n.id));
  elk
    .layout(toElkGraph(request))
    .then((root) => self.postMessage({ id, positions: fromElkGraph(root, groups) }))
    .catch((error: unknown) =>
      self.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
};
