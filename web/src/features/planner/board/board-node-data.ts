import { createContext, useContext, useSyncExternalStore } from 'react';
import { sameNodeData, type TBoardNodeData } from './board-model';

type Listener = () => void;

/**
 * What each node draws (name, detail, the engine's issues), by node id, outside React Flow's own
 * store. An edit that changes only what a node shows (a property, a new verdict) then reaches that
 * node alone: React Flow keeps its nodes array, so none of its per-node and per-edge selectors run
 * (on a 500-node board they cost more than the rest of the update together). Positions, sizes,
 * parents and labels still go through React Flow.
 */
export class BoardNodeDataStore {
  private data: ReadonlyMap<string, TBoardNodeData> = new Map();
  private readonly listeners = new Set<Listener>();

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(id: string): TBoardNodeData | undefined {
    return this.data.get(id);
  }

  /**
   * The nodes' data after an edit. An entry equal to the one held keeps the held object, so only
   * the nodes whose data changed draw again.
   */
  update(nodes: readonly { id: string; data: TBoardNodeData }[]): void {
    const next = new Map<string, TBoardNodeData>();
    let isChanged = nodes.length !== this.data.size;
    for (const { id, data } of nodes) {
      const held = this.data.get(id);
      if (held && sameNodeData(held, data)) next.set(id, held);
      else {
        next.set(id, data);
        isChanged = true;
      }
    }
    if (!isChanged) return;
    this.data = next;
    for (const listener of this.listeners) listener();
  }
}

export const BoardNodeDataContext = createContext<BoardNodeDataStore | null>(null);

const noSubscribe = () => () => undefined;

/** The node's current data: from the store when the board has one, else React Flow's copy. */
export function useBoardNodeData(id: string, fallback: TBoardNodeData): TBoardNodeData {
  const store = useContext(BoardNodeDataContext);
  return useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    () => store?.get(id) ?? fallback,
    () => fallback,
  );
}
