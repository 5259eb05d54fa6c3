import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  BackgroundVariant,
  ConnectionMode,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type OnSelectionChangeParams,
} from '@xyflow/react';
import { useCallback, useRef, type DragEvent, type KeyboardEvent } from 'react';
import { findService } from '@stratum/core/iac/catalog/registry';
import type { TConnection } from '@stratum/core/iac/design/schema-v2';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import {
  acceptedParents,
  addService,
  connect,
  moveNodes,
  removeItems,
  resizeGroup,
  type TNodeMove,
} from './board-edit';
import { defaultSize, type TBoardEdge, type TBoardNode } from './board-model';
import { findDropTarget, type TGroupBox } from './drop-target';
import './board.css';
import { GroupNode } from './group-node';
import { CATEGORY_TONES } from './service-icon';
import { ServiceNode } from './service-node';
import type { TFlowState } from './use-flow-state';

const NODE_TYPES = { service: ServiceNode, container: GroupNode };
export const SERVICE_DRAG_TYPE = 'application/x-stratum-service';

export interface BoardCanvasProps {
  architecture: TArchitectureConfig;
  flowState: TFlowState;
  connectionType: TConnection['type'];
  onChange: (next: TArchitectureConfig, record?: boolean) => void;
  onSelectionChange: (selection: { nodes: string[]; edges: string[] }) => void;
  onError: (message: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onAdded: (id: string) => void;
}

/** The React Flow canvas: drag, drop into groups, connect, resize, delete, minimap, controls. */
export function BoardCanvas({
  architecture,
  flowState,
  connectionType,
  onChange,
  onSelectionChange,
  onError,
  onKeyDown,
  onAdded,
}: BoardCanvasProps) {
  const flow = useReactFlow<TBoardNode, TBoardEdge>();
  const { nodes, edges, setNodes, setEdges, nodesRef } = flowState;
  const archRef = useRef(architecture);
  archRef.current = architecture;
  const isDragging = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);

  /** Absolute boxes of every group, deepest last. */
  const groupBoxes = useCallback((): TGroupBox[] => {
    return nodesRef.current.flatMap((n) => {
      if (n.type !== 'container') return [];
      const internal = flow.getInternalNode(n.id);
      const abs = internal?.internals.positionAbsolute ?? n.position;
      return [
        {
          id: n.id,
          kind: n.data.kind,
          x: abs.x,
          y: abs.y,
          width: n.width ?? n.measured?.width ?? 0,
          height: n.height ?? n.measured?.height ?? 0,
          depth: n.parentId ? 1 : 0,
        },
      ];
    });
  }, [flow, nodesRef]);

  const handleNodesChange = useCallback(
    (changes: NodeChange<TBoardNode>[]) => {
      const next = applyNodeChanges(changes, nodesRef.current);
      nodesRef.current = next;
      setNodes(next);
      const isResizing = changes.some((c) => c.type === 'dimensions' && c.resizing === true);
      let arch = archRef.current;
      let changed = false;
      for (const c of changes) {
        if (c.type === 'dimensions' && c.resizing === false && c.dimensions) {
          const node = next.find((n) => n.id === c.id);
          if (!node) continue;
          arch = resizeGroup(arch, c.id, {
            x: Math.round(node.position.x),
            y: Math.round(node.position.y),
            width: Math.round(c.dimensions.width),
            height: Math.round(c.dimensions.height),
          });
          changed = true;
        }
        // Keyboard moves (arrow keys) end here; a mouse drag ends in handleDragStop.
        if (
          c.type === 'position' &&
          c.dragging === false &&
          !isDragging.current &&
          !isResizing &&
          c.position
        ) {
          arch = moveNodes(arch, [{ id: c.id, position: c.position }]);
          changed = true;
        }
      }
      if (changed) onChange(arch, true);
    },
    [nodesRef, setNodes, onChange],
  );

  const handleEdgesChange = useCallback(
    (changes: EdgeChange<TBoardEdge>[]) => setEdges((eds) => applyEdgeChanges(changes, eds)),
    [setEdges],
  );

  const handleDragStop = useCallback(
    (_event: unknown, _node: TBoardNode, dragged: TBoardNode[]) => {
      isDragging.current = false;
      const boxes = groupBoxes();
      const draggedIds = new Set(dragged.map((n) => n.id));
      const moves: TNodeMove[] = [];
      for (const node of dragged) {
        if (node.parentId && draggedIds.has(node.parentId)) {
          moves.push({ id: node.id, position: node.position });
          continue;
        }
        const service = findService(node.data.serviceId);
        const internal = flow.getInternalNode(node.id);
        const abs = internal?.internals.positionAbsolute ?? node.position;
        const width = node.width ?? node.measured?.width ?? defaultSize(service?.kind).width;
        const height = node.height ?? node.measured?.height ?? defaultSize(service?.kind).height;
        const center = { x: abs.x + width / 2, y: abs.y + Math.min(height / 2, 30) };
        const exclude = new Set([
          node.id,
          ...nodesRef.current.filter((n) => n.parentId === node.id).map((n) => n.id),
        ]);
        const target =
          service && service.kind !== 'network'
            ? findDropTarget(center, boxes, acceptedParents(service), exclude)
            : undefined;
        const parent = target?.id ?? null;
        if (parent === (node.parentId ?? null)) {
          moves.push({ id: node.id, position: node.position });
        } else {
          const origin = target ? { x: target.x, y: target.y } : { x: 0, y: 0 };
          moves.push({
            id: node.id,
            position: { x: abs.x - origin.x, y: abs.y - origin.y },
            parent,
          });
        }
      }
      onChange(moveNodes(archRef.current, moves), true);
    },
    [flow, groupBoxes, nodesRef, onChange],
  );

  const handleConnect = useCallback(
    (c: Connection) => {
      const result = connect(archRef.current, c.source, c.target, connectionType);
      if ('error' in result) onError(result.error);
      else onChange(result.arch, true);
    },
    [connectionType, onChange, onError],
  );

  const handleDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: TBoardNode[]; edges: TBoardEdge[] }) => {
      onChange(
        removeItems(
          archRef.current,
          gone.map((n) => n.id),
          cut.map((e) => e.id),
        ),
        true,
      );
    },
    [onChange],
  );

  const handleDrop = useCallback(
    (event: DragEvent<HTMLDivElement>) => {
      const serviceId = event.dataTransfer.getData(SERVICE_DRAG_TYPE);
      const service = findService(serviceId);
      if (!service) return;
      event.preventDefault();
      const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      const target = findDropTarget(point, groupBoxes(), acceptedParents(service));
      const size = defaultSize(service.kind);
      const origin = target ? { x: target.x, y: target.y } : { x: 0, y: 0 };
      const position = {
        x: Math.max(target ? 8 : -Infinity, point.x - origin.x - size.width / 2),
        y: Math.max(target ? 44 : -Infinity, point.y - origin.y - 20),
      };
      const result = addService(archRef.current, service, position, target?.id);
      onChange(result.arch, true);
      onAdded(result.id);
    },
    [flow, groupBoxes, onAdded, onChange],
  );

  const handleSelection = useCallback(
    ({ nodes: n, edges: e }: OnSelectionChangeParams) =>
      onSelectionChange({ nodes: n.map((x) => x.id), edges: e.map((x) => x.id) }),
    [onSelectionChange],
  );

  return (
    <div
      ref={wrapper}
      className="h-full w-full outline-none"
      onKeyDown={onKeyDown}
      onPointerDownCapture={(event) => {
        // Panning: the pointer stays with the pane, so the browser skips hit-testing every node.
        const target = event.target as HTMLElement;
        if (event.button === 0 && target.classList.contains('react-flow__pane'))
          target.setPointerCapture(event.pointerId);
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(SERVICE_DRAG_TYPE)) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDrop={handleDrop}
    >
      <ReactFlow<TBoardNode, TBoardEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={handleNodesChange}
        onEdgesChange={handleEdgesChange}
        onNodeDragStart={() => (isDragging.current = true)}
        onNodeDragStop={handleDragStop}
        onConnect={handleConnect}
        onDelete={handleDelete}
        onSelectionChange={handleSelection}
        onMoveStart={() => wrapper.current?.classList.add('board-moving')}
        onMoveEnd={() => wrapper.current?.classList.remove('board-moving')}
        isValidConnection={(c) => c.source !== c.target}
        connectionMode={ConnectionMode.Loose}
        deleteKeyCode={['Delete', 'Backspace']}
        multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
        minZoom={0.1}
        maxZoom={2}
        fitView
        proOptions={{ hideAttribution: true }}
        ariaLabelConfig={{
          'node.a11yDescription.default':
            'Press Enter or Space to select, arrow keys to move, Delete to remove.',
        }}
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1} color="#cbd5e1" />
        <MiniMap
          pannable
          zoomable
          ariaLabel="Board overview"
          className="!hidden !border !border-slate-200 !shadow-sm md:!block"
          nodeColor={(n) =>
            n.type === 'container'
              ? '#ede9fe'
              : (CATEGORY_TONES[(n.data as { category: string }).category]?.accent ?? '#94a3b8')
          }
          nodeStrokeWidth={0}
        />
        <Controls showInteractive={false} position="bottom-left" />
      </ReactFlow>
    </div>
  );
}
