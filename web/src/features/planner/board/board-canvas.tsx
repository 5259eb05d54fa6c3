import {
  Background,
  BackgroundVariant,
  ConnectionMode,
  Controls,
  ReactFlow,
  type OnSelectionChangeParams,
} from '@xyflow/react';
import { useRef, useState } from 'react';
import type { TConnection } from '@stratum/core/iac/design/schema-v2';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { SERVICE_DRAG_TYPE, type TBoardEdge, type TBoardNode } from './board-model';
import { RESOURCE_DRAG_TYPE } from './resource-form/generic-service';
import './board.css';
import { BoardMinimap } from './board-minimap';
import { GroupNode } from './group-node';
import { ServiceNode } from './service-node';
import { useCanvasHandlers, type TCanvasCallbacks } from './use-canvas-handlers';
import type { TFlowState } from './use-flow-state';

const NODE_TYPES = { service: ServiceNode, container: GroupNode };
/** A small board opens at its real size, not magnified. */
const FIT_VIEW = { maxZoom: 1 };
/*
 * React Flow copies each of its props into its store when the prop's identity changes, and every
 * such write runs the selectors of every node, edge and handle (thousands on a 500-node board).
 * So the canvas gives it only values that stay the same from one edit to the next: constants here,
 * and handlers that call the latest callbacks through a ref (`useStableHandlers`).
 */
const DELETE_KEYS = ['Delete', 'Backspace'];
const MULTI_SELECT_KEYS = ['Shift', 'Meta', 'Control'];
const PRO_OPTIONS = { hideAttribution: true };
const ARIA_LABELS = {
  'node.a11yDescription.default':
    'Press Enter or Space to select, arrow keys to move, Delete to remove.',
};
const isValidConnection = (c: { source: string; target: string }) => c.source !== c.target;

/** Functions whose identity never changes and that always call the latest `handlers`. */
function useStableHandlers<T extends Record<string, (...args: never[]) => unknown>>(
  handlers: T,
): T {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [stable] = useState(
    () =>
      Object.fromEntries(
        Object.keys(handlers).map((key) => [
          key,
          (...args: never[]) => latest.current[key]?.(...args),
        ]),
      ) as T,
  );
  return stable;
}

export interface BoardCanvasProps extends TCanvasCallbacks {
  architecture: TArchitectureConfig;
  flowState: TFlowState;
  connectionType: TConnection['type'];
  onSelectionChange: (selection: { nodes: string[]; edges: string[] }) => void;
}

/** The React Flow canvas: drag, drop into groups, connect, resize, delete, overview, controls. */
export function BoardCanvas({
  architecture,
  flowState,
  connectionType,
  onSelectionChange,
  ...callbacks
}: BoardCanvasProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const handlers = useStableHandlers({
    ...useCanvasHandlers(architecture, flowState, connectionType, callbacks),
    handleSelection: ({ nodes: n, edges: e }: OnSelectionChangeParams) =>
      onSelectionChange({ nodes: n.map((x) => x.id), edges: e.map((x) => x.id) }),
    handleMoveStart: () => wrapper.current?.classList.add('board-moving'),
    handleMoveEnd: () => wrapper.current?.classList.remove('board-moving'),
  });

  return (
    <div
      ref={wrapper}
      className="h-full w-full outline-none"
      onPointerDownCapture={(event) => {
        // Panning: the pointer stays with the pane, so the browser skips hit-testing every node.
        const target = event.target as HTMLElement;
        if (event.button === 0 && target.classList.contains('react-flow__pane'))
          target.setPointerCapture(event.pointerId);
      }}
      onDragOver={(e) => {
        if (
          e.dataTransfer.types.includes(SERVICE_DRAG_TYPE) ||
          e.dataTransfer.types.includes(RESOURCE_DRAG_TYPE)
        ) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDrop={handlers.handleDrop}
    >
      <ReactFlow<TBoardNode, TBoardEdge>
        nodes={flowState.nodes}
        edges={flowState.edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={handlers.handleNodesChange}
        onEdgesChange={handlers.handleEdgesChange}
        onNodeDragStart={handlers.handleDragStart}
        onNodeDragStop={handlers.handleDragStop}
        onConnect={handlers.handleConnect}
        onDelete={handlers.handleDelete}
        onSelectionChange={handlers.handleSelection}
        onMoveStart={handlers.handleMoveStart}
        onMoveEnd={handlers.handleMoveEnd}
        isValidConnection={isValidConnection}
        connectionMode={ConnectionMode.Loose}
        deleteKeyCode={DELETE_KEYS}
        multiSelectionKeyCode={MULTI_SELECT_KEYS}
        minZoom={0.1}
        maxZoom={2}
        fitView
        fitViewOptions={FIT_VIEW}
        proOptions={PRO_OPTIONS}
        ariaLabelConfig={ARIA_LABELS}
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1} color="#cbd5e1" />
        <BoardMinimap />
        <Controls showInteractive={false} position="bottom-left" />
      </ReactFlow>
    </div>
  );
}
