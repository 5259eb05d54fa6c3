import clsx from 'clsx';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import type { TCloud } from '@stratum/core/iac/types';
import type { TPlannerState } from '@stratum/core/planner/state';
import { CLOUD_LOOK, cloudSummaries } from './clouds';
import { SwitchCloudDialog } from './switch-cloud-dialog';

export interface ProviderStepProps {
  plan: TPlannerState;
  onChange: (plan: TPlannerState) => void;
}

const SUMMARIES = cloudSummaries();

/** Step 0: AWS, Azure, GCP or OCI, each saying what it offers here. */
export function ProviderStep({ plan, onChange }: ProviderStepProps) {
  const [switchTo, setSwitchTo] = useState<TCloud | null>(null);
  const hasWork =
    plan.selectedServices.length > 0 ||
    plan.architectureConfig.components.length + plan.architectureConfig.groups.length > 0;

  const choose = (cloud: TCloud) => {
    if (cloud === plan.selectedProvider) return;
    if (plan.selectedProvider !== null && hasWork) setSwitchTo(cloud);
    else onChange({ ...plan, selectedProvider: cloud });
  };

  return (
    <fieldset>
      <legend className="sr-only">Cloud provider</legend>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {SUMMARIES.map((s) => {
          const isSelected = plan.selectedProvider === s.cloud;
          return (
            <label
              key={s.cloud}
              className={clsx(
                'relative flex cursor-pointer flex-col rounded-lg border bg-white p-5 shadow-xs transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:border-brand-600',
                isSelected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
              )}
            >
              <input
                type="radio"
                name="cloud-provider"
                value={s.cloud}
                checked={isSelected}
                onChange={() => choose(s.cloud)}
                className="sr-only"
              />
              <span className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={clsx(
                    'flex h-10 w-12 items-center justify-center rounded-md text-sm font-bold ring-1 ring-inset',
                    CLOUD_LOOK[s.cloud].tone,
                  )}
                >
                  {CLOUD_LOOK[s.cloud].mark}
                </span>
                <span className="text-base font-semibold text-slate-900">{s.label}</span>
                {isSelected && (
                  <CheckCircle2 className="ml-auto size-5 text-brand-600" aria-hidden="true" />
                )}
              </span>
              <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                <dt className="text-slate-600">Services</dt>
                <dd className="font-medium text-slate-900">{s.services}</dd>
                <dt className="text-slate-600">Regions</dt>
                <dd className="font-medium text-slate-900">{s.regions}</dd>
                <dt className="text-slate-600">Templates</dt>
                <dd className="font-medium text-slate-900">{s.templates}</dd>
              </dl>
              <p className="mt-4 text-xs text-slate-600">Generates</p>
              <p className="mt-1 flex flex-wrap gap-1">
                {s.formats.map((f) => (
                  <span
                    key={f}
                    className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-800"
                  >
                    {f}
                  </span>
                ))}
              </p>
            </label>
          );
        })}
      </div>
      {switchTo !== null && (
        <SwitchCloudDialog
          plan={plan}
          to={switchTo}
          onCancel={() => setSwitchTo(null)}
          onConfirm={(next) => {
            setSwitchTo(null);
            onChange(next);
          }}
        />
      )}
    </fieldset>
  );
}
