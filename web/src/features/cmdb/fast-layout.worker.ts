/// <reference lib="webworker" />
import type { TLayoutRequest } from './elk-layout';
import { fastLayout } from './fast-layout';

/** The linear layout for large graphs, in a worker of its own: it never waits for ELK to load. */
self.onmessage = (event: MessageEvent<{ id: number; request: TLayoutRequest }>) => {
  const { id, request } = event.data;
  try {
    self.postMessage({ id, positions: fastLayout(request) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
