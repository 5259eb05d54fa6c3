import { useMemo } from 'react';
import { designFromState, generatePlan } from '@stratum/core/planner/design-from-state';
import { effectiveFormat, formatsFor, type TPlannerState } from '@stratum/core/planner/state';
import { Switch } from '../../components/switch';
import { ChoiceOption } from './choice-option';
import { formatLabel } from './clouds';
import { FILE_LAYOUTS } from './file-layouts';
import { FilesPreview } from './files-preview';
import { PillChoice } from './pill-choice';
import { StateBackendFields } from './state-backend-fields';
import { layoutFor } from './layout-for';

const CI_CHOICES = [
  { id: 'github', label: 'GitHub Actions' },
  { id: 'gitlab', label: 'GitLab CI' },
] as const;

export interface FilesStepProps {
  plan: TPlannerState;
  onChange: (plan: TPlannerState) => void;
}

/** Step 4: the output format, its layout and options, and a tree of exactly the files to come. */
export function FilesStep({ plan, onChange }: FilesStepProps) {
  const files = plan.fileStructureConfig;
  const format = effectiveFormat(plan);
  const layout = layoutFor(plan, format);
  const result = useMemo(() => generatePlan(plan, effectiveFormat(plan)), [plan]);
  const set = (patch: Partial<TPlannerState['fileStructureConfig']>) =>
    onChange({ ...plan, fileStructureConfig: { ...files, ...patch } });
  const chooseLayout = (id: string) => {
    if (format === 'terraform') set({ terraform: id as typeof files.terraform });
    else if (format === 'bicep') set({ bicep: id as typeof files.bicep });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="space-y-5">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Format</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {formatsFor(plan.selectedProvider ?? 'aws').map((f) => (
              <ChoiceOption
                key={f}
                name="format"
                isChecked={format === f}
                onSelect={() => set({ format: f })}
                title={formatLabel(f)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Layout</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {FILE_LAYOUTS[format].map((l) => (
              <ChoiceOption
                key={l.id}
                name="layout"
                isChecked={layout === l.id}
                title={l.title}
                text={l.text}
                onSelect={() => chooseLayout(l.id)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Options</legend>
          <Switch
            label="CI pipeline"
            hint={
              format === 'terraform'
                ? 'Plans every environment on pull requests and applies on main after approval, signing in to the cloud by OIDC.'
                : 'What-if on pull requests and deployment on main after approval, signing in to Azure by OIDC.'
            }
            isChecked={files.ci}
            onCheckedChange={(ci) => set({ ci })}
          />
          {files.ci && (
            <div role="radiogroup" aria-label="CI provider" className="flex gap-2 pl-1">
              {CI_CHOICES.map((c) => (
                <PillChoice
                  key={c.id}
                  name="ci-provider"
                  label={c.label}
                  isChecked={files.ciProvider === c.id}
                  onSelect={() => set({ ciProvider: c.id })}
                />
              ))}
            </div>
          )}
          <Switch
            label="README"
            hint="What was generated, and the commands to plan and apply it."
            isChecked={files.readme}
            onCheckedChange={(readme) => set({ readme })}
          />
        </fieldset>
        {format === 'terraform' && (
          <StateBackendFields
            design={designFromState(plan)}
            settings={files.backend}
            onChange={(backend) => set({ backend })}
          />
        )}
      </div>
      <FilesPreview result={result} />
    </div>
  );
}
