import '@xyflow/react/dist/style.css';
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  useReactFlow,
  type Edge,
} from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import type { TLaidOut } from './use-graph-layout';
import {
  GraphActions,
  NODE_TYPES,
  RESOURCE_SIZE,
  type TFlowNode,
  type THighlight,
} from './graph-nodes';

export interface GraphCanvasProps {
  laidOut: TLaidOut;
  highlight: (drawnId: string) => THighlight;
  onSelect: (drawnId: string | null) => void;
  onToggle: (groupId: string) => void;
  /** Centre on this drawn node when it changes. */
  focusId: string | null;
  /** Whether the view is being fitted to a new layout: nodes move until it is done. */
  onFitting?: (fitting: boolean) => void;
}

/** React Flow over ELK's positions: read-only, highlighted by the page's selection. */
export function GraphCanvas({
  laidOut,
  highlight,
  onSelect,
  onToggle,
  focusId,
  onFitting,
}: GraphCanvasProps) {
  const { view, positions } = laidOut;
  const flow = useReactFlow();
  const nodes = useMemo<TFlowNode[]>(
    () =>
      view.nodes.map((n) => {
        const p = positions[n.id] ?? { x: 0, y: 0 };
        const size =
          n.kind === 'group'
            ? { width: p.width ?? 240, height: p.height ?? 80 }
            : n.kind === 'collapsed'
              ? { width: 240, height: 52 }
              : RESOURCE_SIZE;
        return {
          id: n.id,
          type: n.kind === 'group' ? 'cluster' : n.kind,
          position: { x: p.x, y: p.y },
          ...(n.parent ? { parentId: n.parent } : {}),
          ...size,
          style: size,
          draggable: false,
          selectable: n.kind !== 'group',
          connectable: false,
          ariaLabel:
            n.kind === 'resource' ? `${n.node?.external ? 'External ' : ''}${n.label}` : n.label,
          data: {
            label: n.kind === 'resource' ? n.label : n.label,
            detail:
              n.kind === 'resource'
                ? (n.node?.type ?? '')
                : `${n.size} resource${n.size === 1 ? '' : 's'}`,
            isExternal: n.node?.external === true || n.id === 'group:external',
            highlight: highlight(n.id),
          },
        };
      }),
    [view, positions, highlight],
  );
  const edges = useMemo<Edge[]>(
    () =>
      view.edges.map((e) => {
        const a = highlight(e.from);
        const b = highlight(e.to);
        const isLit = a !== null && a !== 'dim' && b !== null && b !== 'dim';
        const isDim = a === 'dim' || b === 'dim';
        return {
          id: e.id,
          source: e.to,
          target: e.from,
          markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
          style: {
            stroke: isLit ? '#ea580c' : '#94a3b8',
            strokeWidth: isLit ? 2 : 1,
            opacity: isDim ? 0.2 : 1,
            ...(e.kind === 'reference' ? { strokeDasharray: '4 3' } : {}),
          },
        };
      }),
    [view, highlight],
  );

  // Each new layout is fitted, around the focused node if there is one; a newly focused node is
  // centred. A click clears the focus, so a layout arriving later does not pull the view away.
  const focusRef = useRef(focusId);
  focusRef.current = focusId;
  // Until the fit is done (its animation included) a click lands where a node was.
  const fittingRef = useRef(onFitting);
  fittingRef.current = onFitting;
  useEffect(() => {
    const id = focusRef.current;
    let live = true;
    fittingRef.current?.(true);
    const timer = setTimeout(() => {
      void flow
        .fitView(id ? { nodes: [{ id }], maxZoom: 1.1, duration: 300 } : { padding: 0.05 })
        .finally(() => {
          if (live) fittingRef.current?.(false);
        });
    }, 30);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [flow, laidOut]);

  useEffect(() => {
    if (!focusId) return;
    const timer = setTimeout(
      () => void flow.fitView({ nodes: [{ id: focusId }], maxZoom: 1.1, duration: 300 }),
      30,
    );
    return () => clearTimeout(timer);
  }, [focusId, flow]);

  return (
    <GraphActions.Provider value={{ onToggle }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        fitView
        minZoom={0.05}
        onlyRenderVisibleElements
        nodesDraggable={false}
        nodesConnectable={false}
        onNodeClick={(_, node) => node.type !== 'cluster' && onSelect(node.id)}
        onPaneClick={() => onSelect(null)}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={24} color="#e2e8f0" />
        <Controls showInteractive={false} />
      </ReactFlow>
    </GraphActions.Provider>
  );
}
