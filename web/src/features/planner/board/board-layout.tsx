import { useReactFlow } from '@xyflow/react';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TConnection } from '@stratum/core/iac/design/schema-v2';
import type { ArchitectureBoardProps } from './architecture-board';
import { BoardCanvas } from './board-canvas';
import { BoardNodeDataContext } from './board-node-data';
import type { TBoardEdge, TBoardNode } from './board-model';
import { BoardToolbar } from './board-toolbar';
import { CostTotal } from './cost-total';
import { validateBoard } from './board-validation';
import { IssuesMenu } from './issues-menu';
import { Palette } from './palette';
import { PropertiesPanel } from './properties-panel';
import { genericServicesOf, type TGenericService } from './resource-form/generic-service';
import { useResourceIssues, withResourceIssues } from './resource-form/use-resource-issues';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SidePanel } from './side-panel';
import { useAutoLayout } from './use-auto-layout';
import { useBoardEditing } from './use-board-editing';
import { BoardCostContext, useBoardCosts } from './use-board-costs';
import { useBoardShortcuts } from './use-board-shortcuts';
import { useFlowState } from './use-flow-state';
import { useTagRules } from '../api/tag-rules';
import { useTagIssues } from './use-tag-issues';

type TSidePanel = 'palette' | 'properties' | null;

// The type picker (and cmdk with it) loads when a generic entry is first used.
const ResourceTypePicker = lazy(() =>
  import('./resource-form/resource-type-picker').then((m) => ({ default: m.ResourceTypePicker })),
);

/** The toolbar over the palette, the canvas and the properties; panels are drawers on small screens. */
export function BoardLayout(props: ArchitectureBoardProps) {
  const { architecture, design, services, onChange, onUndo, onRedo, emptyState } = props;
  const flow = useReactFlow<TBoardNode, TBoardEdge>();
  const deferredDesign = useDeferredValue(design);
  const engineValidation = useMemo(() => validateBoard(deferredDesign), [deferredDesign]);
  const resourceIssues = useResourceIssues(architecture);
  const cloud = props.cloud ?? services[0]?.cloud;
  // Tag policies and each cloud's tag rules, live on the nodes (generation enforces them).
  const tagIssues = useTagIssues(architecture, cloud, useTagRules().policies);
  const validation = useMemo(
    () => withResourceIssues(withResourceIssues(engineValidation, resourceIssues), tagIssues),
    [engineValidation, resourceIssues, tagIssues],
  );
  const generic = cloud ? genericServicesOf(cloud) : [];
  const [picking, setPicking] = useState<{
    service: TGenericService;
    position?: { x: number; y: number };
  } | null>(null);
  const flowState = useFlowState(architecture, validation);
  const costs = useBoardCosts(design);
  const [connectionType, setConnectionType] = useState<TConnection['type']>('traffic');
  const [panel, setPanel] = useState<TSidePanel>(null);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const boardRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const fit = useCallback(
    () => void flow.fitView({ duration: 250, padding: 0.15, maxZoom: 1 }),
    [flow],
  );
  const { layout, isLayingOut } = useAutoLayout(architecture, flowState, onChange, fit);
  const editing = useBoardEditing({ architecture, flowState, canvasRef, onChange });

  useBoardShortcuts(boardRef, canvasRef, {
    undo: onUndo,
    redo: onRedo,
    ...editing.clipboardCommands,
    layout: () => void layout(),
    fit,
    help: () => setIsHelpOpen(true),
  });

  const isEmpty = architecture.groups.length + architecture.components.length === 0;
  const togglePanel = (which: 'palette' | 'properties') =>
    setPanel((p) => (p === which ? null : which));

  return (
    <BoardCostContext value={costs.store}>
      <BoardNodeDataContext value={flowState.dataStore}>
        <div
          ref={boardRef}
          className="flex h-full min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          <BoardToolbar
            canUndo={props.canUndo}
            canRedo={props.canRedo}
            isLayingOut={isLayingOut}
            connectionType={connectionType}
            status={
              <IssuesMenu
                architecture={architecture}
                validation={validation}
                onSelect={(target) => {
                  editing.focusItem(target);
                  if (target.node ?? target.edge) setPanel(null);
                }}
              />
            }
            cost={<CostTotal costs={costs} />}
            extra={props.toolbarExtra}
            onUndo={onUndo}
            onRedo={onRedo}
            onLayout={() => void layout()}
            onFit={fit}
            onHelp={() => setIsHelpOpen(true)}
            onConnectionType={setConnectionType}
            onTogglePalette={() => togglePanel('palette')}
            onToggleProperties={() => togglePanel('properties')}
          />
          <div className="relative flex min-h-0 flex-1">
            <SidePanel
              title="Components"
              isOpen={panel === 'palette'}
              onClose={() => setPanel(null)}
              className="left-0 w-60 shrink-0 border-r border-slate-200"
            >
              {services.length === 0 && (
                <p className="mb-3 text-sm text-slate-700">
                  No services selected: pick some in step 2.
                </p>
              )}
              <Palette
                services={services}
                generic={generic}
                onAdd={(service) => {
                  editing.addFromPalette(service);
                  setPanel(null);
                }}
                onAddResource={(service) => {
                  setPicking({ service });
                  setPanel(null);
                }}
              />
            </SidePanel>
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
                onSelectionChange={editing.setSelection}
                onError={(message) => toast.error(message)}
                onAdded={(id) => editing.selectIds([id])}
                onDeleted={editing.keepFocus}
                onResourceDrop={(service, position) => setPicking({ service, position })}
              />
              {isEmpty && emptyState && (
                <div className="pointer-events-none absolute inset-0 flex overflow-y-auto p-3 sm:p-6">
                  <div className="pointer-events-auto m-auto max-w-md rounded-lg border border-dashed border-slate-300 bg-white/95 p-5 text-center shadow-sm">
                    {emptyState}
                  </div>
                </div>
              )}
            </div>
            <SidePanel
              title="Properties"
              isOpen={panel === 'properties'}
              onClose={() => setPanel(null)}
              className="right-0 w-72 shrink-0 border-l border-slate-200"
            >
              <PropertiesPanel
                architecture={architecture}
                regions={props.regions}
                selection={editing.selection}
                validation={validation}
                onChange={onChange}
                onDeleteSelection={editing.deleteSelection}
              />
            </SidePanel>
          </div>
          <ShortcutsDialog isOpen={isHelpOpen} onOpenChange={setIsHelpOpen} />
          {picking && (
            <Suspense fallback={null}>
              <ResourceTypePicker
                service={picking.service}
                onCancel={() => setPicking(null)}
                onPick={(choice) => {
                  editing.addResourceOfType(picking.service, choice, picking.position);
                  setPicking(null);
                }}
              />
            </Suspense>
          )}
        </div>
      </BoardNodeDataContext>
    </BoardCostContext>
  );
}
