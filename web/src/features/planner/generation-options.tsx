import { Sparkles } from 'lucide-react';
import type { TFormat } from '@stratum/core/iac/emit/emitter';
import { formatsFor, type TPlannerState } from '@stratum/core/planner/state';
import { Button } from '../../components/button';
import { formatLabel } from './clouds';
import { layoutFor } from './layout-for';

export interface GenerationOptionsProps {
  plan: TPlannerState;
  format: TFormat;
  onFormatChange: (format: TFormat) => void;
  quotaText: string | null;
  isGenerating: boolean;
  canGenerate: boolean;
  onGenerate: () => void;
}

/** Step 5's bar: the format (step 4's choice, changeable here), the layout, Generate and quota. */
export function GenerationOptions(props: GenerationOptionsProps) {
  const { plan, format } = props;
  return (
    <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Format</legend>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {formatsFor(plan.selectedProvider ?? 'aws').map((f) => (
            <label
              key={f}
              className={`cursor-pointer rounded-md px-3 py-1.5 text-sm ring-1 ring-inset focus-within:outline-2 focus-within:outline-brand-600 ${format === f ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-300'}`}
            >
              <input
                type="radio"
                name="generation-format"
                className="sr-only"
                checked={format === f}
                onChange={() => props.onFormatChange(f)}
              />
              {formatLabel(f)}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-slate-700">
        Layout <strong className="font-medium">{layoutFor(plan, format)}</strong>
        {plan.fileStructureConfig.ci
          ? plan.fileStructureConfig.ciProvider === 'gitlab'
            ? ' · GitLab CI'
            : ' · GitHub Actions'
          : ''}
        {plan.fileStructureConfig.readme ? ' · README' : ''}
      </p>
      <div className="ml-auto flex flex-col items-end gap-1">
        <Button
          size="lg"
          isLoading={props.isGenerating}
          disabled={!props.canGenerate}
          onClick={props.onGenerate}
        >
          <Sparkles className="size-4" aria-hidden="true" /> Generate
        </Button>
        {props.quotaText && <span className="text-xs text-slate-600">{props.quotaText}</span>}
      </div>
    </div>
  );
}
