import type { ReactNode } from 'react';

export interface JsonViewProps {
  value: unknown;
  label: string;
}

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Pretty JSON with keys, strings, numbers and literals told apart by colour. */
export function JsonView({ value, label }: JsonViewProps) {
  const text = JSON.stringify(value, null, 2);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    const [whole, string, colon, literal] = match;
    const key = parts.length;
    if (string !== undefined && colon !== undefined) {
      parts.push(
        <span key={key} className="text-sky-800">
          {string}
        </span>,
        colon,
      );
    } else if (string !== undefined) {
      parts.push(
        <span key={key} className="text-green-800">
          {string}
        </span>,
      );
    } else if (literal !== undefined) {
      parts.push(
        <span key={key} className="text-violet-700">
          {literal}
        </span>,
      );
    } else {
      parts.push(
        <span key={key} className="text-amber-800">
          {whole}
        </span>,
      );
    }
    last = at + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="max-h-96 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-[13px] leading-5 break-words whitespace-pre-wrap text-slate-900"
    >
      {parts}
    </pre>
  );
}
