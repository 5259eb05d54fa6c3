import { useMemo } from 'react';
import { CLOUD_PROFILES } from '@stratum/core/iac/catalog/registry';
import type { TCloud } from '@stratum/core/iac/types';
import { retargetPlan } from '@stratum/core/planner/retarget';
import { EMPTY_PLANNER_STATE, type TPlannerState } from '@stratum/core/planner/state';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';

export interface SwitchCloudDialogProps {
  plan: TPlannerState;
  to: TCloud;
  onCancel: () => void;
  onConfirm: (plan: TPlannerState) => void;
}

/** Changing the cloud of a plan with work in it: re-target it, or start over on the new cloud. */
export function SwitchCloudDialog({ plan, to, onCancel, onConfirm }: SwitchCloudDialogProps) {
  const result = useMemo(() => retargetPlan(plan, to), [plan, to]);
  const label = CLOUD_PROFILES[to].label;
  const fresh: TPlannerState = {
    ...plan,
    selectedProvider: to,
    selectedServices: [],
    architectureConfig: {
      ...EMPTY_PLANNER_STATE.architectureConfig,
      name: plan.architectureConfig.name,
    },
    architectureOptionalOverride: false,
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onCancel()}
      title={`Re-target to ${label}?`}
      description={`Your plan uses ${CLOUD_PROFILES[plan.selectedProvider ?? 'aws'].label}. Re-targeting keeps every service that has an equivalent on ${label} (same kind, similar size, nearest region) and your layout.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => onConfirm(fresh)}>
            Start over
          </Button>
          <Button onClick={() => onConfirm(result.plan)}>Re-target</Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          {result.plan.selectedServices.length} selected service(s) and{' '}
          {result.plan.architectureConfig.groups.length +
            result.plan.architectureConfig.components.length}{' '}
          board item(s) carry over.
        </p>
        {result.unmapped.length > 0 && (
          <div>
            <p className="font-medium text-slate-900">No equivalent on {label} (removed):</p>
            <ul className="mt-1 list-disc pl-5">
              {result.unmapped.map((u) => (
                <li key={u.id}>
                  {u.id}: {u.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {result.adjustments.length > 0 && (
          <div>
            <p className="font-medium text-slate-900">Adjusted:</p>
            <ul className="mt-1 max-h-40 list-disc overflow-y-auto pl-5">
              {result.adjustments.map((a, i) => (
                <li key={i}>
                  {a.id ? `${a.id}: ` : ''}
                  {a.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Dialog>
  );
}
