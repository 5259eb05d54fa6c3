/** The same `{{ name }}` syntax as core's `variables.ts`, split into spans for highlighting. */
const VARIABLE = /\{\{\s*([^{}\r\n]+?)\s*\}\}/g;

export type TSpan =
  { kind: 'text'; text: string } | { kind: 'variable'; text: string; name: string };

export function variableSpans(text: string): TSpan[] {
  const spans: TSpan[] = [];
  let at = 0;
  for (const m of text.matchAll(VARIABLE)) {
    if (m.index > at) spans.push({ kind: 'text', text: text.slice(at, m.index) });
    spans.push({ kind: 'variable', text: m[0], name: m[1]! });
    at = m.index + m[0].length;
  }
  if (at < text.length) spans.push({ kind: 'text', text: text.slice(at) });
  return spans;
}

/** What a variable name is in the current scopes. */
export type TVariableStatus =
  | { state: 'resolved'; value: string; source: string }
  | { state: 'secret'; source: string }
  | { state: 'missing' };

export type TVariableLookup = (name: string) => TVariableStatus;
