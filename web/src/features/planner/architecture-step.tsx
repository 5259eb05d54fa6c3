import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { CLOUD_PROFILES, servicesOf } from '@stratum/core/iac/catalog/registry';
import type { TCloud } from '@stratum/core/iac/types';
import { designFromState } from '@stratum/core/planner/design-from-state';
import type { TPlannerState } from '@stratum/core/planner/state';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ArchitectureBoard } from './board/architecture-board';
import { BoardActions } from './board-actions';
import { GenerateDesignDialog } from './generate-design-dialog';
import { planFromTemplate } from './load-template';
import { plannerStore, usePlannerStore } from './planner-store';
import { SwitchCloudDialog } from './switch-cloud-dialog';
import { templatesFor, type TStarterTemplate } from './templates';

export interface ArchitectureStepProps {
  plan: TPlannerState;
}

/** Step 2: the board, with the planner's templates, the override switch and re-targeting. */
export function ArchitectureStep({ plan }: ArchitectureStepProps) {
  const canUndo = usePlannerStore((s) => s.past.length > 0);
  const canRedo = usePlannerStore((s) => s.future.length > 0);
  const [pending, setPending] = useState<TStarterTemplate | null>(null);
  const [retargetTo, setRetargetTo] = useState<TCloud | null>(null);
  const [isDescribing, setIsDescribing] = useState(false);
  const cloud = plan.selectedProvider ?? 'aws';
  const design = useMemo(() => designFromState(plan), [plan]);
  const palette = useMemo(() => {
    const chosen = new Set(plan.selectedServices);
    return servicesOf(cloud).filter((s) => chosen.has(s.id));
  }, [cloud, plan.selectedServices]);
  const arch = plan.architectureConfig;
  const isEmpty = arch.groups.length + arch.components.length === 0;

  const applyTemplate = async (template: TStarterTemplate) => {
    setPending(null);
    try {
      const next = planFromTemplate(plannerStore.getState().plan, await template.load());
      if (typeof next === 'string') throw new Error(next);
      plannerStore.changeArchitecture(next.architectureConfig);
      plannerStore.update((p) => ({ ...next, architectureConfig: p.architectureConfig }));
      toast.success(`Template “${template.title}” loaded`);
    } catch (error) {
      toast.error(
        `The template could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const chooseTemplate = (template: TStarterTemplate) => {
    if (isEmpty) void applyTemplate(template);
    else setPending(template);
  };

  return (
    <div className="min-h-0 flex-1">
      <ArchitectureBoard
        architecture={arch}
        design={design}
        regions={CLOUD_PROFILES[cloud].regions}
        services={palette}
        cloud={cloud}
        canUndo={canUndo}
        canRedo={canRedo}
        onChange={(next, record) => plannerStore.changeArchitecture(next, record)}
        onUndo={() => plannerStore.undo()}
        onRedo={() => plannerStore.redo()}
        toolbarExtra={
          <BoardActions
            cloud={cloud}
            templates={templatesFor(cloud)}
            isOverride={plan.architectureOptionalOverride}
            onTemplate={chooseTemplate}
            onOverride={(on) =>
              plannerStore.update((p) => ({ ...p, architectureOptionalOverride: on }))
            }
            onRetarget={setRetargetTo}
            onDescribe={() => setIsDescribing(true)}
          />
        }
        emptyState={
          <>
            <p className="text-sm font-semibold text-slate-900">An empty board</p>
            <p className="mt-1 text-sm text-slate-700">
              Drag components from the palette, or start from a template.
            </p>
            <div className="mt-3 flex flex-wrap justify-center gap-2">
              {templatesFor(cloud).map((t) => (
                <Button key={t.id} variant="secondary" size="sm" onClick={() => chooseTemplate(t)}>
                  {t.title}
                </Button>
              ))}
            </div>
            <p className="mt-3 text-xs text-slate-600">
              Generating without a diagram? Turn on “Architecture optional” in the toolbar.
            </p>
          </>
        }
      />
      {pending && (
        <Dialog
          isOpen
          onOpenChange={(open) => !open && setPending(null)}
          title={`Replace the board with “${pending.title}”?`}
          description="The template replaces everything on the board (you can undo it) and sets its naming convention and file layout."
          footer={
            <>
              <Button variant="secondary" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button onClick={() => void applyTemplate(pending)}>Replace</Button>
            </>
          }
        />
      )}
      {isDescribing && (
        <GenerateDesignDialog
          cloud={cloud}
          onClose={() => setIsDescribing(false)}
          onDesign={(design) => {
            setIsDescribing(false);
            const next = planFromTemplate(plannerStore.getState().plan, design);
            if (typeof next === 'string') {
              toast.error(`The design could not be opened: ${next}`);
              return;
            }
            plannerStore.changeArchitecture(next.architectureConfig);
            plannerStore.update((p) => ({ ...next, architectureConfig: p.architectureConfig }));
            toast.success('The generated design is on the board');
          }}
        />
      )}
      {retargetTo && (
        <SwitchCloudDialog
          plan={plan}
          to={retargetTo}
          onCancel={() => setRetargetTo(null)}
          onConfirm={(next) => {
            setRetargetTo(null);
            plannerStore.changeArchitecture(next.architectureConfig);
            plannerStore.update((p) => ({ ...next, architectureConfig: p.architectureConfig }));
            toast.success(`Re-targeted to ${CLOUD_PROFILES[next.selectedProvider ?? 'aws'].label}`);
          }}
        />
      )}
    </div>
  );
}
