import clsx from 'clsx';
import { useRef } from 'react';
import {
  NAME_CASES,
  NAME_SEPARATORS,
  NAME_TOKENS,
  type TNamingConvention,
} from '@stratum/core/iac/naming/convention';
import type { TPlannerState } from '@stratum/core/planner/state';
import { TextField, inputClasses } from '../../components/text-field';
import { AbbreviationFields } from './abbreviation-fields';
import { NamingPreviewTable } from './naming-preview-table';

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
const TOKEN_HINTS: Record<string, string> = {
  org: 'organisation',
  project: 'project',
  env: 'dev, staging, prod…',
  region: 'short region code',
  type: 'service abbreviation',
  name: "the item's own name",
  instance: 'counter 01, 02…',
};

/** Step 3: the pattern with token chips, separator, case, abbreviations, and every final name. */
export function NamingStep({ plan, onChange }: NamingStepProps) {
  const conv = plan.namingConvention;
  const patternRef = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<TNamingConvention>) =>
    onChange({ ...plan, namingConvention: { ...conv, ...patch } });

  const insertToken = (token: string) => {
    const input = patternRef.current;
    const text = `{${token}}`;
    const start = input?.selectionStart ?? conv.pattern.length;
    const end = input?.selectionEnd ?? start;
    const before = conv.pattern.slice(0, start);
    const after = conv.pattern.slice(end);
    const sep = (s: string) => (s !== '' && !/[-_. ]$/.test(s) ? '-' : '');
    const pattern = `${before}${sep(before)}${text}${after !== '' && !/^[-_. ]/.test(after) ? '-' : ''}${after}`;
    set({ pattern: pattern.slice(0, 200) });
    requestAnimationFrame(() => {
      input?.focus();
      const caret = before.length + sep(before).length + text.length;
      input?.setSelectionRange(caret, caret);
    });
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <div className="space-y-5 rounded-lg border border-slate-200 bg-white p-4">
        <div>
          <label htmlFor="name-pattern" className="block text-sm font-medium text-slate-800">
            Pattern
          </label>
          <input
            id="name-pattern"
            ref={patternRef}
            value={conv.pattern}
            maxLength={200}
            onChange={(e) => e.target.value !== '' && set({ pattern: e.target.value })}
            aria-describedby="name-pattern-hint"
            className={clsx(inputClasses, 'mt-1 font-mono')}
          />
          <p id="name-pattern-hint" className="mt-1 text-xs text-slate-600">
            Tokens in braces; -, _, . and spaces between them become the separator below.
          </p>
          <div role="group" aria-label="Insert a token" className="mt-2 flex flex-wrap gap-1.5">
            {NAME_TOKENS.map((token) => {
              const isUsed = conv.pattern.includes(`{${token}}`);
              return (
                <button
                  key={token}
                  type="button"
                  onClick={() => insertToken(token)}
                  title={TOKEN_HINTS[token]}
                  aria-label={`Insert {${token}}: ${TOKEN_HINTS[token] ?? ''}`}
                  className={clsx(
                    'rounded-full px-2.5 py-1 font-mono text-xs ring-1 ring-inset',
                    isUsed
                      ? 'bg-brand-50 text-brand-800 ring-brand-100'
                      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {`{${token}}`}
                </button>
              );
            })}
          </div>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Separator</legend>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {NAME_SEPARATORS.map((s) => (
              <Choice
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
              <Choice
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

function Choice(props: { name: string; label: string; isChecked: boolean; onSelect: () => void }) {
  return (
    <label
      className={clsx(
        'cursor-pointer rounded-md px-2.5 py-1 text-sm ring-1 ring-inset focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        props.isChecked
          ? 'bg-brand-600 text-white ring-brand-600'
          : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
      )}
    >
      <input
        type="radio"
        name={props.name}
        checked={props.isChecked}
        onChange={props.onSelect}
        className="sr-only"
      />
      {props.label}
    </label>
  );
}
