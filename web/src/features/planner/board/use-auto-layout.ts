import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { runAutoLayout } from './auto-layout';
import { defaultSize } from './board-model';
import type { TFlowState } from './use-flow-state';

/**
 * ELK's automatic layout (in a worker) as one undo step; items without a place (a starter
 * template, a pasted document) get one from it as soon as they appear.
 */
export function useAutoLayout(
  architecture: TArchitectureConfig,
  flowState: TFlowState,
  onChange: (next: TArchitectureConfig, record?: boolean) => void,
  fit: () => void,
) {
  const [isLayingOut, setIsLayingOut] = useState(false);
  const archRef = useRef(architecture);
  archRef.current = architecture;

  const layout = useCallback(async () => {
    const nodes = flowState.nodesRef.current;
    if (nodes.length === 0) return;
    setIsLayingOut(true);
    try {
      const positions = await runAutoLayout({
        nodes: nodes.map((n) => ({
          id: n.id,
          ...(n.parentId ? { parent: n.parentId } : {}),
          width: n.measured?.width ?? n.width ?? defaultSize(n.data.kind).width,
          height: n.measured?.height ?? n.height ?? defaultSize(n.data.kind).height,
          isGroup: n.type === 'container',
        })),
        edges: flowState.edges.map((e) => ({ id: e.id, from: e.source, to: e.target })),
      });
      const current = archRef.current;
      onChange({ ...current, positions: { ...current.positions, ...positions } }, true);
      setTimeout(fit, 60);
    } catch (error) {
      toast.error(
        `Automatic layout failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setIsLayingOut(false);
    }
  }, [fit, flowState, onChange]);

  const isUnplaced = [...architecture.groups, ...architecture.components].some(
    (n) => architecture.positions[n.id] === undefined,
  );
  useEffect(() => {
    if (isUnplaced && !isLayingOut) {
      const timer = setTimeout(() => void layout(), 50);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [isUnplaced, isLayingOut, layout]);

  return { layout, isLayingOut };
}
