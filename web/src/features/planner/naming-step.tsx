import clsx from 'clsx';
import {
  NAME_CASES,
  NAME_SEPARATORS,
  type TNamingConvention,
} from '@stratum/core/iac/naming/convention';
import type { TPlannerState } from '@stratum/core/planner/state';
import { TextField, inputClasses } from '../../components/text-field';
import { AbbreviationFields } from './abbreviation-fields';
import { NamePatternField } from './name-pattern-field';
import { NamingPreviewTable } from './naming-preview-table';
import { PillChoice } from './pill-choice';

export interface NamingStepProps {
  plan: TPlannerState;
  onChange: (plan: TPlannerState) => void;
}

const SEPARATOR_LABELS: Record<string, string> = {
  '-': 'Hyphen -',
  _: 'Underscore _',
  '.': 'Dot .',
  '': 'None',
};
const CASE_LABELS: Record<string, string> = {
  lower: 'lowercase',
  upper: 'UPPERCASE',
  preserve: 'As typed',
};

/** Step 3: the pattern with token chips, separator, case, abbreviations, and every final name. */
export function NamingStep({ plan, onChange }: NamingStepProps) {
  const conv = plan.namingConvention;
  const set = (patch: Partial<TNamingConvention>) =>
    onChange({ ...plan, namingConvention: { ...conv, ...patch } });

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <div className="space-y-5 rounded-lg border border-slate-200 bg-white p-4">
        <NamePatternField pattern={conv.pattern} onChange={(pattern) => set({ pattern })} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Separator</legend>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {NAME_SEPARATORS.map((s) => (
              <PillChoice
                key={s || 'none'}
                name="separator"
                isChecked={conv.separator === s}
                label={SEPARATOR_LABELS[s] ?? s}
                onSelect={() => set({ separator: s })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Case</legend>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {NAME_CASES.map((c) => (
              <PillChoice
                key={c}
                name="case"
                isChecked={conv.case === c}
                label={CASE_LABELS[c] ?? c}
                onSelect={() => set({ case: c })}
              />
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Organisation"
            value={conv.org}
            maxLength={20}
            hint="{org}: letters and digits"
            onChange={(e) => set({ org: e.target.value.replace(/[^A-Za-z0-9]/g, '') })}
          />
          <TextField
            label="Project"
            value={conv.project}
            maxLength={30}
            hint="{project}: letters and digits"
            onChange={(e) => set({ project: e.target.value.replace(/[^A-Za-z0-9]/g, '') })}
          />
        </div>
        <div>
          <label htmlFor="instance-digits" className="block text-sm font-medium text-slate-800">
            Instance digits
          </label>
          <select
            id="instance-digits"
            value={conv.instanceDigits}
            onChange={(e) => set({ instanceDigits: Number(e.target.value) })}
            className={clsx(inputClasses, 'mt-1 max-w-40')}
          >
            {[1, 2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n} ({String(1).padStart(n, '0')})
              </option>
            ))}
          </select>
        </div>
        <AbbreviationFields plan={plan} onChange={(abbreviations) => set({ abbreviations })} />
      </div>
      <NamingPreviewTable plan={plan} onChange={onChange} />
    </div>
  );
}
