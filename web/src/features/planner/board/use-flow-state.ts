import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { buildFlow, mergeEdges, mergeNodes, type TBoardEdge, type TBoardNode } from './board-model';
import { BoardNodeDataStore } from './board-node-data';
import type { TBoardValidation } from './board-validation';

/** Whether two lists hold the same objects in the same order (then React Flow has nothing to do). */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The nodes and edges React Flow works on. The architecture is the truth; the canvas keeps its
 * own copy for what it owns (measured sizes, selection, a drag in progress), refreshed from the
 * architecture whenever that changes.
 */
export function useFlowState(arch: TArchitectureConfig, validation: TBoardValidation) {
  /** Ids to select once the next architecture change reaches the canvas (a paste). */
  const selectNext = useRef<ReadonlySet<string> | null>(null);
  const built = useMemo(
    () => buildFlow(arch, validation.nodes, validation.edges),
    [arch, validation],
  );
  // Each node's drawn data, in the change's own commit (before the paint), for every node.
  const [dataStore] = useState(() => new BoardNodeDataStore());
  useLayoutEffect(() => {
    dataStore.update(built.nodes);
  }, [dataStore, built]);
  const [nodes, setNodes] = useState<TBoardNode[]>(built.nodes);
  const [edges, setEdges] = useState<TBoardEdge[]>(built.edges);
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;

  useEffect(() => {
    const select = selectNext.current;
    selectNext.current = null;
    setNodes((previous) => {
      const merged = mergeNodes(previous, built.nodes);
      const next = select
        ? merged.map((n) =>
            select.has(n.id) === (n.selected === true) ? n : { ...n, selected: select.has(n.id) },
          )
        : merged;
      return sameItems(previous, next) ? previous : next;
    });
    setEdges((previous) => {
      const next = mergeEdges(previous, built.edges);
      return sameItems(previous, next) ? previous : next;
    });
  }, [built]);

  return { nodes, edges, setNodes, setEdges, nodesRef, selectNext, dataStore };
}

export type TFlowState = ReturnType<typeof useFlowState>;
