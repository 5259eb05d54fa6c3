import clsx from 'clsx';
import { useRef } from 'react';
import { NAME_TOKENS } from '@stratum/core/iac/naming/convention';
import { inputClasses } from '../../components/text-field';

export interface NamePatternFieldProps {
  pattern: string;
  onChange: (pattern: string) => void;
}

const TOKEN_HINTS: Record<string, string> = {
  org: 'organisation',
  project: 'project',
  env: 'dev, staging, prod…',
  region: 'short region code',
  type: 'service abbreviation',
  name: "the item's own name",
  instance: 'counter 01, 02…',
};

/** The naming pattern, with a chip per token that inserts it at the caret. */
export function NamePatternField({ pattern, onChange }: NamePatternFieldProps) {
  const patternRef = useRef<HTMLInputElement>(null);
  const insertToken = (token: string) => {
    const input = patternRef.current;
    const text = `{${token}}`;
    const start = input?.selectionStart ?? pattern.length;
    const end = input?.selectionEnd ?? start;
    const before = pattern.slice(0, start);
    const after = pattern.slice(end);
    const sep = (s: string) => (s !== '' && !/[-_. ]$/.test(s) ? '-' : '');
    const next = `${before}${sep(before)}${text}${after !== '' && !/^[-_. ]/.test(after) ? '-' : ''}${after}`;
    onChange(next.slice(0, 200));
    requestAnimationFrame(() => {
      input?.focus();
      const caret = before.length + sep(before).length + text.length;
      input?.setSelectionRange(caret, caret);
    });
  };

  return (
    <div>
      <label htmlFor="name-pattern" className="block text-sm font-medium text-slate-800">
        Pattern
      </label>
      <input
        id="name-pattern"
        ref={patternRef}
        value={pattern}
        maxLength={200}
        onChange={(e) => e.target.value !== '' && onChange(e.target.value)}
        aria-describedby="name-pattern-hint"
        className={clsx(inputClasses, 'mt-1 font-mono')}
      />
      <p id="name-pattern-hint" className="mt-1 text-xs text-slate-600">
        Tokens in braces; -, _, . and spaces between them become the separator below.
      </p>
      <div role="group" aria-label="Insert a token" className="mt-2 flex flex-wrap gap-1.5">
        {NAME_TOKENS.map((token) => {
          const isUsed = pattern.includes(`{${token}}`);
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
  );
}
