import {
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useRef, type DragEvent } from 'react';
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
import {
  defaultSize,
  SERVICE_DRAG_TYPE,
  SERVICE_SIZE,
  type TBoardEdge,
  type TBoardNode,
} from './board-model';
import { findDropTarget, groupBoxes } from './drop-target';
import { growParentsToFit } from './placement';
import {
  findGenericService,
  RESOURCE_DRAG_TYPE,
  type TGenericService,
} from './resource-form/generic-service';
import type { TFlowState } from './use-flow-state';

export interface TCanvasCallbacks {
  onChange: (next: TArchitectureConfig, record?: boolean) => void;
  onError: (message: string) => void;
  onAdded: (id: string) => void;
  onDeleted: () => void;
  /** A generic entry dropped at a board position: its type is picked before it is added. */
  onResourceDrop: (service: TGenericService, position: { x: number; y: number }) => void;
}

/** What the canvas does with React Flow's events: each ends as one change to the architecture. */
export function useCanvasHandlers(
  architecture: TArchitectureConfig,
  flowState: TFlowState,
  connectionType: TConnection['type'],
  { onChange, onError, onAdded, onDeleted, onResourceDrop }: TCanvasCallbacks,
) {
  const flow = useReactFlow<TBoardNode, TBoardEdge>();
  const { setNodes, setEdges, nodesRef } = flowState;
  const archRef = useRef(architecture);
  archRef.current = architecture;
  const isDragging = useRef(false);
  const boxes = useCallback(
    () =>
      groupBoxes(nodesRef.current, (id) => flow.getInternalNode(id)?.internals.positionAbsolute),
    [flow, nodesRef],
  );

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
        const isKeyMove = c.type === 'position' && c.dragging === false && !isDragging.current;
        if (isKeyMove && !isResizing && c.position) {
          arch = growParentsToFit(moveNodes(arch, [{ id: c.id, position: c.position }]), c.id);
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
      const groups = boxes();
      const draggedIds = new Set(dragged.map((n) => n.id));
      const moves: TNodeMove[] = dragged.map((node) => {
        if (node.parentId && draggedIds.has(node.parentId))
          return { id: node.id, position: node.position };
        const service = findService(node.data.serviceId);
        const abs = flow.getInternalNode(node.id)?.internals.positionAbsolute ?? node.position;
        const width = node.width ?? node.measured?.width ?? defaultSize(service?.kind).width;
        const height = node.height ?? node.measured?.height ?? defaultSize(service?.kind).height;
        const center = { x: abs.x + width / 2, y: abs.y + Math.min(height / 2, 30) };
        const exclude = new Set([
          node.id,
          ...nodesRef.current.filter((n) => n.parentId === node.id).map((n) => n.id),
        ]);
        const target =
          service && service.kind !== 'network'
            ? findDropTarget(center, groups, acceptedParents(service), exclude)
            : undefined;
        const parent = target?.id ?? null;
        if (parent === (node.parentId ?? null)) return { id: node.id, position: node.position };
        const origin = target ? { x: target.x, y: target.y } : { x: 0, y: 0 };
        return { id: node.id, position: { x: abs.x - origin.x, y: abs.y - origin.y }, parent };
      });
      const moved = moveNodes(archRef.current, moves);
      onChange(
        moves.reduce((arch, m) => growParentsToFit(arch, m.id), moved),
        true,
      );
    },
    [flow, boxes, nodesRef, onChange],
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
      const ids = gone.map((n) => n.id);
      onChange(
        removeItems(
          archRef.current,
          ids,
          cut.map((e) => e.id),
        ),
        true,
      );
      onDeleted();
    },
    [onChange, onDeleted],
  );

  const handleDrop = useCallback(
    (event: DragEvent<HTMLDivElement>) => {
      const generic = findGenericService(event.dataTransfer.getData(RESOURCE_DRAG_TYPE));
      if (generic) {
        event.preventDefault();
        const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
        onResourceDrop(generic, { x: point.x - SERVICE_SIZE.width / 2, y: point.y - 20 });
        return;
      }
      const service = findService(event.dataTransfer.getData(SERVICE_DRAG_TYPE));
      if (!service) return;
      event.preventDefault();
      const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      const target = findDropTarget(point, boxes(), acceptedParents(service));
      const size = defaultSize(service.kind);
      const origin = target ? { x: target.x, y: target.y } : { x: 0, y: 0 };
      const position = {
        x: Math.max(target ? 8 : -Infinity, point.x - origin.x - size.width / 2),
        y: Math.max(target ? 44 : -Infinity, point.y - origin.y - 20),
      };
      const result = addService(archRef.current, service, position, target?.id);
      onChange(growParentsToFit(result.arch, result.id), true);
      onAdded(result.id);
    },
    [flow, boxes, onAdded, onChange, onResourceDrop],
  );

  return {
    handleNodesChange,
    handleEdgesChange,
    handleDragStart: () => (isDragging.current = true),
    handleDragStop,
    handleConnect,
    handleDelete,
    handleDrop,
  };
}
