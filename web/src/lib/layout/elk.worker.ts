/// <reference lib="webworker" />
import ELK from 'elkjs/lib/elk.bundled.js';
import { fromElkGraph, toElkGraph, type TLayoutOptions, type TLayoutRequest } from './elk-graph';

/** ELK off the main thread: the page stays responsive while hundreds of nodes are laid out. */
const elk = new ELK();

self.onmessage = (
  event: MessageEvent<{ id: number; request: TLayoutRequest; options: TLayoutOptions }>,
) => {
  const { id, request, options } = event.data;
  const groups = new Set(request.nodes.filter((n) => n.isGroup).map((n) => n.id));
  elk
    .layout(toElkGraph(request, options))
    .then((root) =>
      self.postMessage({ id, positions: fromElkGraph(root, groups, options.emptyGroup) }),
    )
    .catch((error: unknown) =>
      self.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
};
