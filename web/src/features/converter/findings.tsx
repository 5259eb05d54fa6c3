import type { TConvertData } from '@stratum/core/contract/converter/convert';

export interface TFinding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export interface FindingsProps {
  title: string;
  /** What the list is about, for its colour and for screen readers. */
  tone: 'problem' | 'caveat' | 'left-out';
  findings: readonly TFinding[];
  /** The link's label names the file it opens: the input's or the output's. */
  side: 'input' | 'output';
  onOpen: (file: string, line: number) => void;
}

const TONES: Record<FindingsProps['tone'], string> = {
  problem: 'border-red-200 bg-red-50',
  caveat: 'border-amber-200 bg-amber-50',
  'left-out': 'border-slate-200 bg-slate-50',
};

/** A list of warnings, pieces left out, or validation problems; each opens its file at its line. */
export function Findings({ title, tone, findings, side, onOpen }: FindingsProps) {
  if (findings.length === 0) return null;
  const headingId = `converter-${tone}`;
  return (
    <section aria-labelledby={headingId} className={`rounded-md border p-3 ${TONES[tone]}`}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {title} ({findings.length})
      </h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        {findings.map((f, i) => (
          <li key={i} className="flex flex-wrap items-baseline gap-x-2">
            {f.file ? (
              <button
                type="button"
                className="font-mono text-xs text-brand-700 underline decoration-dotted underline-offset-2 hover:text-brand-800"
                aria-label={`Show ${f.file}${f.line > 0 ? ` line ${f.line}` : ''} (${side})`}
                onClick={() => onOpen(f.file, f.line)}
              >
                {f.file}
                {f.line > 0 ? `:${f.line}` : ''}
              </button>
            ) : null}
            <span className="min-w-0 break-words">{f.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const warningFindings = (d: TConvertData): TFinding[] =>
  d.warnings.map((w) => ({ file: w.file, line: w.line, text: w.message }));

export const unconvertedFindings = (d: TConvertData): TFinding[] =>
  d.unconverted.map((u) => ({
    file: u.file,
    line: u.line,
    text: `${u.kind} ${u.name}: ${u.reason}`,
  }));

export const validationFindings = (d: TConvertData): TFinding[] =>
  d.validation.map((v) => ({ file: v.file, line: v.line, text: v.message }));
