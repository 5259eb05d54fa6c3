import '@xyflow/react/dist/style.css';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from 'sonner';
import type { TServiceDefinition } from '@stratum/core/iac/catalog/service';
import type { TConnection } from '@stratum/core/iac/design/schema-v2';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { BoardCanvas } from './board-canvas';
import { acceptedParents, addService, removeItems } from './board-edit';
import { defaultSize, type TBoardEdge, type TBoardNode } from './board-model';
import { BoardToolbar } from './board-toolbar';
import { validateBoard } from './board-validation';
import { copyItems, pasteItems, type TClipboard } from './clipboard';
import { findDropTarget } from './drop-target';
import { runAutoLayout } from './auto-layout';
import { Palette } from './palette';
import { PropertiesPanel } from './properties-panel';
import { ShortcutsDialog } from './shortcuts-dialog';
import { handleBoardKey } from './use-board-shortcuts';
import { useFlowState } from './use-flow-state';

export interface ArchitectureBoardProps {
  architecture: TArchitectureConfig;
  /** The whole design document, which the engine validates. */
  design: unknown;
  regions: readonly string[];
  /** The palette: the services picked in step 2. */
  services: readonly TServiceDefinition[];
  canUndo: boolean;
  canRedo: boolean;
  onChange: (next: TArchitectureConfig, record?: boolean) => void;
  onUndo: () => void;
  onRedo: () => void;
  /** The planner's own actions in the toolbar: templates, override, re-target. */
  toolbarExtra?: ReactNode;
  /** Shown over an empty board. */
  emptyState?: ReactNode;
}

/** Step 3's board: palette, canvas and properties, with undo, copy/paste and automatic layout. */
export function ArchitectureBoard(props: ArchitectureBoardProps) {
  return (
    <ReactFlowProvider>
      <BoardLayout {...props} />
    </ReactFlowProvider>
  );
}

let clipboard: TClipboard | null = null;
type TSidePanel = 'palette' | 'properties' | null;

function BoardLayout({
  architecture,
  design,
  regions,
  services,
  canUndo,
  canRedo,
  onChange,
  onUndo,
  onRedo,
  toolbarExtra,
  emptyState,
}: ArchitectureBoardProps) {
  const flow = useReactFlow<TBoardNode, TBoardEdge>();
  const deferredDesign = useDeferredValue(design);
  const validation = useMemo(() => validateBoard(deferredDesign), [deferredDesign]);
  const flowState = useFlowState(architecture, validation);
  const [selection, setSelection] = useState<{ nodes: string[]; edges: string[] }>({
    nodes: [],
    edges: [],
  });
  const [connectionType, setConnectionType] = useState<TConnection['type']>('traffic');
  const [panel, setPanel] = useState<TSidePanel>(null);
  const [isLayingOut, setIsLayingOut] = useState(false);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const canvasRef = useRef<HTMLDivElement>(null);
  const archRef = useRef(architecture);
  archRef.current = architecture;

  const fit = useCallback(() => void flow.fitView({ duration: 250, padding: 0.15 }), [flow]);

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

  // Items without a place (a starter template, a pasted document) get one from the layout.
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

  const selectIds = (ids: Iterable<string>) => {
    flowState.selectNext.current = new Set(ids);
  };

  const addFromPalette = (service: TServiceDefinition) => {
    const rect = canvasRef.current?.getBoundingClientRect();
    const center = flow.screenToFlowPosition({
      x: (rect?.left ?? 0) + (rect?.width ?? 600) / 2,
      y: (rect?.top ?? 0) + (rect?.height ?? 400) / 2,
    });
    const boxes = flowState.nodesRef.current.flatMap((n) => {
      if (n.type !== 'container') return [];
      const abs = flow.getInternalNode(n.id)?.internals.positionAbsolute ?? n.position;
      return [
        {
          id: n.id,
          kind: n.data.kind,
          x: abs.x,
          y: abs.y,
          width: n.width ?? 0,
          height: n.height ?? 0,
          depth: n.parentId ? 1 : 0,
        },
      ];
    });
    const selected = boxes.find((b) => selection.nodes.length === 1 && b.id === selection.nodes[0]);
    const accepted = acceptedParents(service);
    const target =
      selected && accepted.includes(selected.kind)
        ? selected
        : findDropTarget(center, boxes, accepted);
    const size = defaultSize(service.kind);
    const children = architecture.components.filter((c) => c.group === target?.id).length;
    const position = target
      ? { x: 16 + (children % 2) * (size.width + 16), y: 48 + Math.floor(children / 2) * 76 }
      : { x: center.x - size.width / 2, y: center.y - size.height / 2 };
    const result = addService(architecture, service, position, target?.id);
    selectIds([result.id]);
    onChange(result.arch, true);
    setPanel(null);
  };

  const deleteSelection = () => {
    if (selection.nodes.length + selection.edges.length === 0) return;
    onChange(removeItems(architecture, selection.nodes, selection.edges), true);
    setSelection({ nodes: [], edges: [] });
  };

  const setAllSelected = (isSelected: boolean) => {
    flow.setNodes((nds) =>
      nds.map((n) => (n.selected === isSelected ? n : { ...n, selected: isSelected })),
    );
    flow.setEdges((eds) =>
      eds.map((e) => (e.selected === isSelected ? e : { ...e, selected: isSelected })),
    );
  };

  const paste = (clip: TClipboard | null) => {
    if (!clip) return;
    const result = pasteItems(archRef.current, clip);
    selectIds(result.ids);
    onChange(result.arch, true);
  };

  const commands = {
    undo: onUndo,
    redo: onRedo,
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
    layout: () => void layout(),
    fit,
    help: () => setIsHelpOpen(true),
  };

  const isEmpty = architecture.groups.length + architecture.components.length === 0;
  const sidePanel = (
    which: 'palette' | 'properties',
    title: string,
    body: ReactNode,
    side: string,
  ) => (
    <aside
      aria-label={title}
      className={clsx(
        'min-h-0 flex-col overflow-y-auto bg-white p-3',
        side,
        panel === which
          ? 'absolute inset-y-0 z-20 flex w-[min(20rem,calc(100%-2.5rem))] shadow-xl lg:static lg:shadow-none'
          : 'hidden lg:flex',
      )}
    >
      <div className="mb-3 flex items-center justify-between">
        <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
        <button
          type="button"
          aria-label={`Close ${title.toLowerCase()}`}
          onClick={() => setPanel(null)}
          className="rounded p-1 text-slate-600 hover:bg-slate-100 lg:hidden"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {body}
    </aside>
  );

  return (
    <div className="flex h-full min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
      <BoardToolbar
        canUndo={canUndo}
        canRedo={canRedo}
        isLayingOut={isLayingOut}
        connectionType={connectionType}
        validation={validation}
        extra={toolbarExtra}
        onUndo={onUndo}
        onRedo={onRedo}
        onLayout={() => void layout()}
        onFit={fit}
        onHelp={() => setIsHelpOpen(true)}
        onConnectionType={setConnectionType}
        onTogglePalette={() => setPanel((p) => (p === 'palette' ? null : 'palette'))}
        onToggleProperties={() => setPanel((p) => (p === 'properties' ? null : 'properties'))}
      />
      <div className="relative flex min-h-0 flex-1">
        {sidePanel(
          'palette',
          'Components',
          services.length === 0 ? (
            <p className="text-sm text-slate-700">No services selected: pick some in step 2.</p>
          ) : (
            <Palette services={services} onAdd={addFromPalette} />
          ),
          'left-0 w-60 shrink-0 border-r border-slate-200',
        )}
        <div
          ref={canvasRef}
          role="region"
          aria-label="Architecture board"
          tabIndex={0}
          className="relative min-w-0 flex-1 bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2"
        >
          <BoardCanvas
            architecture={architecture}
            flowState={flowState}
            connectionType={connectionType}
            onChange={onChange}
            onSelectionChange={setSelection}
            onError={(message) => toast.error(message)}
            onKeyDown={(event) => handleBoardKey(event, commands)}
            onAdded={(id) => selectIds([id])}
          />
          {isEmpty && emptyState && (
            <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
              <div className="pointer-events-auto max-w-md rounded-lg border border-dashed border-slate-300 bg-white/95 p-5 text-center shadow-sm">
                {emptyState}
              </div>
            </div>
          )}
        </div>
        {sidePanel(
          'properties',
          'Properties',
          <PropertiesPanel
            architecture={architecture}
            regions={regions}
            selection={selection}
            validation={validation}
            onChange={onChange}
            onDeleteSelection={deleteSelection}
          />,
          'right-0 w-72 shrink-0 border-l border-slate-200',
        )}
      </div>
      <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
    </div>
  );
}
