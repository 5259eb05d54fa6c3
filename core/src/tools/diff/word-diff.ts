import { diffSequences } from './myers';

export interface Segment {
  text: string;
  /** True for the words that differ from the other line. */
  isChanged: boolean;
}

export interface WordDiff {
  left: Segment[];
  right: Segment[];
  /** Share of characters the two lines have in common, 0…1. */
  similarity: number;
}

export interface WordDiffOptions {
  ignoreWhitespace?: boolean;
  ignoreCase?: boolean;
}

/** Words (letters, digits, _), runs of whitespace, and single other characters. */
const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;
/** Lines longer than this many tokens are compared by common prefix and suffix only. */
const MAX_TOKENS = 2000;

export function tokenize(line: string): string[] {
  return line.match(TOKEN) ?? [];
}

function push(segments: Segment[], text: string, isChanged: boolean): void {
  if (text === '') return;
  const last = segments.at(-1);
  if (last && last.isChanged === isChanged) last.text += text;
  else segments.push({ text, isChanged });
}

/** The words that differ between two versions of a line, for highlighting inside the line. */
export function diffWords(left: string, right: string, options: WordDiffOptions = {}): WordDiff {
  const a = tokenize(left);
  const b = tokenize(right);
  if (a.length > MAX_TOKENS || b.length > MAX_TOKENS) return diffByAffixes(left, right);
  const ids = new Map<string, number>();
  const idOf = (token: string) => {
    let key = options.ignoreCase ? token.toLowerCase() : token;
    if (options.ignoreWhitespace && /^\s+$/.test(key)) key = ' ';
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  const { removed, added } = diffSequences(a.map(idOf), b.map(idOf));
  const leftSegments = segmentsOf(a, removed);
  const rightSegments = segmentsOf(b, added);
  const common = leftSegments.reduce((n, s) => n + (s.isChanged ? 0 : s.text.length), 0);
  const longest = Math.max(left.length, right.length);
  return {
    left: leftSegments,
    right: rightSegments,
    similarity: longest === 0 ? 1 : common / longest,
  };
}

/** Segments; a lone unchanged space between two changed words is shown as changed too. */
function segmentsOf(tokens: string[], changed: Uint8Array): Segment[] {
  const segments: Segment[] = [];
  tokens.forEach((token, i) => {
    const isBridge =
      changed[i] === 0 && /^\s+$/.test(token) && changed[i - 1] === 1 && changed[i + 1] === 1;
    push(segments, token, changed[i] === 1 || isBridge);
  });
  return segments;
}

function diffByAffixes(left: string, right: string): WordDiff {
  let prefix = 0;
  const max = Math.min(left.length, right.length);
  while (prefix < max && left[prefix] === right[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    left[left.length - 1 - suffix] === right[right.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  // Never split a surrogate pair (an emoji) between two segments.
  if (prefix > 0 && isHighSurrogate(left.charCodeAt(prefix - 1))) prefix -= 1;
  if (suffix > 0 && isHighSurrogate(left.charCodeAt(left.length - suffix - 1))) suffix -= 1;
  const side = (text: string): Segment[] => {
    const segments: Segment[] = [];
    push(segments, text.slice(0, prefix), false);
    push(segments, text.slice(prefix, text.length - suffix), true);
    push(segments, text.slice(text.length - suffix), false);
    return segments;
  };
  const longest = Math.max(left.length, right.length);
  return {
    left: side(left),
    right: side(right),
    similarity: longest === 0 ? 1 : (prefix + suffix) / longest,
  };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
