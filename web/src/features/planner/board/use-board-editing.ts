import { useReactFlow } from '@xyflow/react';
import { useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import type { TServiceDefinition } from '@stratum/core/iac/catalog/service';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { acceptedParents, addService, removeItems } from './board-edit';
import { defaultSize, SERVICE_SIZE, type TBoardEdge, type TBoardNode } from './board-model';
import { copyItems, pasteItems, type TClipboard } from './clipboard';
import { findDropTarget, groupBoxes } from './drop-target';
import { freeSpotInside, growParentsToFit } from './placement';
import type { TGenericService } from './resource-form/generic-service';
import { addResource, type TResourceChoice } from './resource-form/resource-edit';
import type { TFlowState } from './use-flow-state';

export interface TBoardSelection {
  nodes: string[];
  edges: string[];
}

let clipboard: TClipboard | null = null;

/**
 * The board's edits that need the canvas: adding from the palette, deleting, copy and paste,
 * selecting everything or one item (centred), with the keyboard focus kept on the canvas.
 */
export function useBoardEditing(options: {
  architecture: TArchitectureConfig;
  flowState: TFlowState;
  canvasRef: RefObject<HTMLElement | null>;
  onChange: (next: TArchitectureConfig, record?: boolean) => void;
}) {
  const { architecture, flowState, canvasRef, onChange } = options;
  const flow = useReactFlow<TBoardNode, TBoardEdge>();
  const [selection, setSelection] = useState<TBoardSelection>({ nodes: [], edges: [] });
  const archRef = useRef(architecture);
  archRef.current = architecture;

  const selectIds = (ids: Iterable<string>) => {
    flowState.selectNext.current = new Set(ids);
  };
  const absolute = (id: string) => flow.getInternalNode(id)?.internals.positionAbsolute;
  /** After a deletion the focused node is gone; the focus returns to the canvas, not the page. */
  const keepFocus = () =>
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected)
        canvasRef.current?.focus({ preventScroll: true });
    });

  const canvasCentre = () => {
    const rect = canvasRef.current?.getBoundingClientRect();
    return flow.screenToFlowPosition({
      x: (rect?.left ?? 0) + (rect?.width ?? 600) / 2,
      y: (rect?.top ?? 0) + (rect?.height ?? 400) / 2,
    });
  };

  /** A generic component of the picked type, where it was dropped or in the board's centre. */
  const addResourceOfType = (
    service: TGenericService,
    choice: TResourceChoice,
    position?: { x: number; y: number },
  ) => {
    const centre = position ? undefined : canvasCentre();
    const at = position ?? {
      x: (centre?.x ?? 0) - SERVICE_SIZE.width / 2,
      y: (centre?.y ?? 0) - SERVICE_SIZE.height / 2,
    };
    const result = addResource(archRef.current, service, choice, at);
    selectIds([result.id]);
    onChange(result.arch, true);
  };

  const addFromPalette = (service: TServiceDefinition) => {
    const center = canvasCentre();
    const boxes = groupBoxes(flowState.nodesRef.current, absolute);
    const accepted = acceptedParents(service);
    // The selection or the group around it, the group under the centre, or (for a subnet, which
    // needs one) the first network.
    let around = selection.nodes.length === 1 ? selection.nodes[0] : undefined;
    let target;
    while (around !== undefined && !target) {
      const box = boxes.find((b) => b.id === around);
      if (box && accepted.includes(box.kind)) target = box;
      around = flowState.nodesRef.current.find((n) => n.id === around)?.parentId;
    }
    target ??=
      findDropTarget(center, boxes, accepted) ??
      (service.kind === 'subnet' ? boxes.find((b) => b.kind === 'network') : undefined);
    const size = defaultSize(service.kind);
    const position = target
      ? freeSpotInside(architecture, target.id, size)
      : { x: center.x - size.width / 2, y: center.y - size.height / 2 };
    const result = addService(architecture, service, position, target?.id);
    selectIds([result.id]);
    onChange(growParentsToFit(result.arch, result.id), true);
  };

  const deleteSelection = () => {
    if (selection.nodes.length + selection.edges.length === 0) return;
    onChange(removeItems(architecture, selection.nodes, selection.edges), true);
    setSelection({ nodes: [], edges: [] });
    keepFocus();
  };

  const setAllSelected = (isSelected: boolean) => {
    flow.setNodes((nds) =>
      nds.map((n) => ((n.selected ?? false) === isSelected ? n : { ...n, selected: isSelected })),
    );
    flow.setEdges((eds) =>
      eds.map((e) => ((e.selected ?? false) === isSelected ? e : { ...e, selected: isSelected })),
    );
  };

  /** Selects one node or connection, alone, and centres the view on it. */
  const focusItem = (item: { node?: string; edge?: string }) => {
    flow.setNodes((nds) =>
      nds.map((n) => {
        const isSelected = n.id === item.node;
        return (n.selected ?? false) === isSelected ? n : { ...n, selected: isSelected };
      }),
    );
    flow.setEdges((eds) =>
      eds.map((e) => {
        const isSelected = e.id === item.edge;
        return (e.selected ?? false) === isSelected ? e : { ...e, selected: isSelected };
      }),
    );
    const edge = item.edge ? flowState.edges.find((e) => e.id === item.edge) : undefined;
    const ends = item.node ? [item.node] : edge ? [edge.source, edge.target] : [];
    const centres = ends.flatMap((id) => {
      const internal = flow.getInternalNode(id);
      if (!internal) return [];
      const { x, y } = internal.internals.positionAbsolute;
      const width = internal.measured.width ?? internal.width ?? 0;
      const height = internal.measured.height ?? internal.height ?? 0;
      return [{ x: x + width / 2, y: y + height / 2 }];
    });
    if (centres.length === 0) return;
    const x = centres.reduce((sum, c) => sum + c.x, 0) / centres.length;
    const y = centres.reduce((sum, c) => sum + c.y, 0) / centres.length;
    void flow.setCenter(x, y, { zoom: Math.max(flow.getZoom(), 0.8), duration: 250 });
    canvasRef.current?.focus({ preventScroll: true });
  };

  const paste = (clip: TClipboard | null) => {
    if (!clip) return;
    const result = pasteItems(archRef.current, clip);
    selectIds(result.ids);
    onChange(result.arch, true);
  };

  const clipboardCommands = {
    copy: () => {
      clipboard = copyItems(architecture, selection.nodes);
      if (clipboard)
        toast.success(`Copied ${clipboard.groups.length + clipboard.components.length} item(s)`);
    },
    cut: () => {
      clipboard = copyItems(architecture, selection.nodes);
      deleteSelection();
    },
    paste: () => paste(clipboard),
    duplicate: () => paste(copyItems(architecture, selection.nodes)),
    selectAll: () => setAllSelected(true),
    clearSelection: () => setAllSelected(false),
  };

  return {
    selection,
    setSelection,
    selectIds,
    keepFocus,
    addFromPalette,
    addResourceOfType,
    deleteSelection,
    focusItem,
    clipboardCommands,
  };
}
