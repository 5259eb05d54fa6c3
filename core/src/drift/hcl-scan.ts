/**
 * Just enough of HCL's lexical structure to edit generated Terraform safely: the brace depth at
 * the start and end of every line, with strings (and their `${…}`), heredocs and comments
 * skipped, and whether a line starts in plain code (only those are edited).
 */
export interface TLineInfo {
  text: string;
  depthStart: number;
  depthEnd: number;
  /** The line starts outside strings, heredocs and block comments. */
  isCode: boolean;
}

export function scanLines(text: string): TLineInfo[] {
  const lines = text.split('\n');
  const out: TLineInfo[] = [];
  let depth = 0;
  let heredoc: string | null = null;
  let isInBlockComment = false;
  for (const line of lines) {
    const info: TLineInfo = {
      text: line,
      depthStart: depth,
      depthEnd: depth,
      isCode: heredoc === null && !isInBlockComment,
    };
    if (heredoc !== null) {
      if (line.trim() === heredoc) heredoc = null;
      out.push(info);
      continue;
    }
    let i = 0;
    let isInString = false;
    let interp = 0;
    while (i < line.length) {
      const ch = line[i];
      const next = line[i + 1];
      if (isInBlockComment) {
        if (ch === '*' && next === '/') {
          isInBlockComment = false;
          i += 2;
        } else i += 1;
        continue;
      }
      if (isInString && interp === 0) {
        if (ch === '\\') i += 2;
        else if ((ch === '$' || ch === '%') && next === '{') {
          interp = 1;
          i += 2;
        } else {
          if (ch === '"') isInString = false;
          i += 1;
        }
        continue;
      }
      if (interp > 0) {
        if (ch === '{') interp += 1;
        else if (ch === '}') interp -= 1;
        i += 1;
        continue;
      }
      if (ch === '#' || (ch === '/' && next === '/')) break;
      if (ch === '/' && next === '*') {
        isInBlockComment = true;
        i += 2;
        continue;
      }
      if (ch === '"') isInString = true;
      else if (ch === '{') depth += 1;
      else if (ch === '}') depth -= 1;
      else if (ch === '<' && next === '<') {
        const m = /^<<-?([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(line.slice(i));
        if (m?.[1]) {
          heredoc = m[1];
          break;
        }
      }
      i += 1;
    }
    info.depthEnd = depth;
    out.push(info);
  }
  return out;
}

/** The lines of `resource "type" "name" { … }` at the top level: [header, closing] or null. */
export function findResourceBlocks(
  lines: readonly TLineInfo[],
  type: string,
  name: string,
): [number, number][] {
  return findTopBlocks(
    lines,
    new RegExp(`^\\s*resource\\s+"${escapeRe(type)}"\\s+"${escapeRe(name)}"\\s*\\{\\s*$`),
  );
}

/** The lines of `module "name" { … }` at the top level. */
export function findModuleBlocks(lines: readonly TLineInfo[], name: string): [number, number][] {
  return findTopBlocks(lines, new RegExp(`^\\s*module\\s+"${escapeRe(name)}"\\s*\\{\\s*$`));
}

/** The arguments written directly in a block (not in its nested blocks), by name. */
export function blockArguments(
  lines: readonly TLineInfo[],
  [open, close]: [number, number],
): Map<string, string> {
  const out = new Map<string, string>();
  const depth = (lines[open]?.depthStart ?? 0) + 1;
  for (let i = open + 1; i < close; i += 1) {
    const l = lines[i];
    if (!l || !l.isCode || l.depthStart !== depth) continue;
    const a = readAssignment(l.text);
    if (a) out.set(a.key, a.value);
  }
  return out;
}

function findTopBlocks(lines: readonly TLineInfo[], header: RegExp): [number, number][] {
  const found: [number, number][] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const l = lines[i];
    if (!l || !l.isCode || l.depthStart !== 0 || !header.test(l.text)) continue;
    const end = closingLine(lines, i);
    if (end !== null) found.push([i, end]);
  }
  return found;
}

/** The line that closes the block opened at the end of line `open`. */
export function closingLine(lines: readonly TLineInfo[], open: number): number | null {
  const base = lines[open]?.depthStart ?? 0;
  for (let j = open + 1; j < lines.length; j += 1) {
    const l = lines[j];
    if (l && l.depthEnd === base && l.depthStart === base + 1)
      return l.text.trim() === '}' ? j : null;
    if (l && l.depthEnd < base) return null;
  }
  return null;
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const KEY = String.raw`([A-Za-z_][A-Za-z0-9_-]*|"(?:[^"\\]|\\.)*")`;
const ASSIGN = new RegExp(`^(\\s*)${KEY}(\\s*=\\s*)(.*?)\\s*$`);

export interface TAssignment {
  indent: string;
  /** The key as written, decoded (`"tag "` → `tag `). */
  key: string;
  /** Everything up to the value (indent, key, the aligned `=`). */
  prefix: string;
  value: string;
}

export function readAssignment(text: string): TAssignment | null {
  const m = ASSIGN.exec(text);
  if (!m) return null;
  const rawKey = m[2] ?? '';
  let key = rawKey;
  if (rawKey.startsWith('"')) {
    try {
      key = JSON.parse(rawKey) as string;
    } catch {
      return null;
    }
  }
  return {
    indent: m[1] ?? '',
    key,
    prefix: `${m[1] ?? ''}${rawKey}${m[3] ?? ''}`,
    value: m[4] ?? '',
  };
}

/** A value written as a plain literal (no interpolation, no reference, no trailing comment). */
export function isLiteral(value: string): boolean {
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return true;
  if (value === 'true' || value === 'false' || value === 'null') return true;
  if (/^"(?:[^"\\$%]|\\.|\$(?!\{)|%(?!\{))*"$/.test(value)) return true;
  if (value.startsWith('[') && value.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return (
        Array.isArray(parsed) &&
        parsed.every((e) => e === null || typeof e !== 'object') &&
        !/\$\{|%\{/.test(value)
      );
    } catch {
      return false;
    }
  }
  return false;
}
