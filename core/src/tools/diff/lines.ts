/** A text as lines, the way diff sees it. */
export interface SplitText {
  /** Each line without its '\n'; a CRLF line keeps its '\r' so patches reproduce it. */
  lines: string[];
  /** False when the last line has no line break ("\ No newline at end of file"). */
  hasFinalNewline: boolean;
}

export type TLineEndings = 'LF' | 'CRLF' | 'mixed' | 'none';

export function splitLines(text: string): SplitText {
  if (text === '') return { lines: [], hasFinalNewline: true };
  const lines = text.split('\n');
  const hasFinalNewline = lines.at(-1) === '';
  if (hasFinalNewline) lines.pop();
  return { lines, hasFinalNewline };
}

export function joinLines({ lines, hasFinalNewline }: SplitText): string {
  if (lines.length === 0) return '';
  return lines.join('\n') + (hasFinalNewline ? '\n' : '');
}

/** The line as shown: without the '\r' of a CRLF ending. */
export function displayLine(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Which line breaks a text uses, so a CRLF-vs-LF difference can be pointed out. */
export function lineEndings({ lines, hasFinalNewline }: SplitText): TLineEndings {
  const breaks = hasFinalNewline ? lines.length : lines.length - 1;
  if (breaks <= 0) return 'none';
  let crlf = 0;
  for (let i = 0; i < breaks; i += 1) if (lines[i]!.endsWith('\r')) crlf += 1;
  if (crlf === 0) return 'LF';
  return crlf === breaks ? 'CRLF' : 'mixed';
}
