/**
 * A growing buffer of UTF-8 bytes that generated text is written into and read once as a string
 * (decision 0035). Writing a value copies its characters; nothing is allocated per line or per
 * value, so rendering a file of thousands of resources leaves no garbage but the buffer, and the
 * collector has nothing of the rendering to copy while the model is alive.
 *
 * Lone surrogates are written as U+FFFD, as they would be when the text is saved as UTF-8.
 */
export interface TTextBuffer {
  bytes: Uint8Array;
  pos: number;
  /** Whether a character beyond ASCII was written (the text is then decoded as UTF-8). */
  wide: boolean;
}

const decoder = new TextDecoder();
/** Node's Buffer where there is one: it reads ASCII many times faster than TextDecoder. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

export const textBuffer = (size = 1 << 16): TTextBuffer => ({
  bytes: new Uint8Array(size),
  pos: 0,
  wide: false,
});

/** Room for `n` more bytes. */
function reserve(b: TTextBuffer, n: number): Uint8Array {
  if (b.pos + n <= b.bytes.length) return b.bytes;
  let size = Math.max(b.bytes.length * 2, 64);
  while (size < b.pos + n) size *= 2;
  const bytes = new Uint8Array(size);
  bytes.set(b.bytes.subarray(0, b.pos));
  b.bytes = bytes;
  return bytes;
}

/**
 * Writes the character at `s[i]` (not ASCII) as UTF-8 at `b.pos`, in room reserved before (three
 * bytes a UTF-16 unit are always enough); returns the index of its last unit.
 */
function writeWide(b: TTextBuffer, s: string, i: number): number {
  const bytes = b.bytes;
  b.wide = true;
  let c = s.charCodeAt(i);
  let p = b.pos;
  if (c < 0x800) {
    bytes[p++] = 0xc0 | (c >> 6);
    bytes[p++] = 0x80 | (c & 0x3f);
  } else {
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = c <= 0xdbff ? s.charCodeAt(i + 1) : NaN;
      if (next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else c = 0xfffd;
    }
    if (c < 0x10000) {
      bytes[p++] = 0xe0 | (c >> 12);
    } else {
      bytes[p++] = 0xf0 | (c >> 18);
      bytes[p++] = 0x80 | ((c >> 12) & 0x3f);
    }
    bytes[p++] = 0x80 | ((c >> 6) & 0x3f);
    bytes[p++] = 0x80 | (c & 0x3f);
  }
  b.pos = p;
  return i;
}

/** Writes `s` as it is. */
export function write(b: TTextBuffer, s: string): void {
  const n = s.length;
  const bytes = reserve(b, 3 * n);
  let p = b.pos;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes[p++] = c;
    else {
      b.pos = p;
      i = writeWide(b, s, i);
      p = b.pos;
    }
  }
  b.pos = p;
}

/**
 * How a language quotes a string: its quote character (escaped with a backslash, as backslashes
 * are), and what stands before `${` (and `%{`, when given) so it is not an interpolation.
 */
export interface TQuoting {
  readonly quote: number;
  /** Written before the `$` of `${`: `$` in HCL (`$${`), a backslash in Bicep. */
  readonly beforeDollarBrace: number;
  /** Written before the `%` of `%{` (HCL's template directives), or -1. */
  readonly beforePercentBrace: number;
}

/** The inside of a quoted string, escaped as it is copied (line breaks and tabs as escapes). */
export function writeEscaped(b: TTextBuffer, s: string, q: TQuoting): void {
  const n = s.length;
  const bytes = reserve(b, 3 * n);
  const quote = q.quote;
  let p = b.pos;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    // Most characters need nothing: one range test lets them through (0x26 on: after `%`).
    if (c >= 0x26 && c < 0x80 && c !== quote && c !== 0x5c) {
      bytes[p++] = c;
      continue;
    }
    if (c >= 0x80) {
      b.pos = p;
      i = writeWide(b, s, i);
      p = b.pos;
      continue;
    }
    if (c === quote || c === 0x5c) {
      bytes[p++] = 0x5c;
      bytes[p++] = c;
    } else if (c === 0x0a || c === 0x0d || c === 0x09) {
      bytes[p++] = 0x5c;
      bytes[p++] = c === 0x0a ? 0x6e : c === 0x0d ? 0x72 : 0x74; // n, r, t
    } else {
      if (s.charCodeAt(i + 1) === 0x7b) {
        if (c === 0x24) bytes[p++] = q.beforeDollarBrace;
        else if (c === 0x25 && q.beforePercentBrace >= 0) bytes[p++] = q.beforePercentBrace;
      }
      bytes[p++] = c;
    }
  }
  b.pos = p;
}

/** Writes `n` spaces. */
export function writeSpaces(b: TTextBuffer, n: number): void {
  if (n <= 0) return;
  const bytes = reserve(b, n);
  let p = b.pos;
  for (const end = p + n; p < end; p++) bytes[p] = 0x20;
  b.pos = p;
}

/** A line break and the indent of `depth` (two spaces a level). */
export function writeLineStart(b: TTextBuffer, depth: number): void {
  const bytes = reserve(b, 1 + 2 * depth);
  let p = b.pos;
  bytes[p++] = 0x0a;
  for (const end = p + 2 * depth; p < end; p++) bytes[p] = 0x20;
  b.pos = p;
}

/**
 * The text written, from byte `from` on. ASCII bytes are read as Latin-1, which gives the same
 * text: Node copies Latin-1 as it is, where its ASCII decoder first scans for bytes to strip
 * (2 MB of a generation's files: several times slower).
 */
export function textOf(b: TTextBuffer, from = 0): string {
  if (b.wide || !NodeBuffer) return decoder.decode(b.bytes.subarray(from, b.pos));
  return NodeBuffer.from(b.bytes.buffer, b.bytes.byteOffset + from, b.pos - from).toString(
    'latin1',
  );
}

// The buffer short texts (one block, one value) are written into, kept between calls: a new
// buffer each time zero-filled 1 KB for each of a generation's thousands of outputs and values.
const scratch = textBuffer();
let scratchBusy = false;

/**
 * The text `fill` writes, from byte `from` on, written into a buffer kept between calls (a new
 * one when a call is already writing into it).
 */
export function scratchText(fill: (b: TTextBuffer) => void, from = 0): string {
  if (scratchBusy) {
    const b = textBuffer(256);
    fill(b);
    return textOf(b, from);
  }
  scratchBusy = true;
  try {
    scratch.pos = 0;
    scratch.wide = false;
    fill(scratch);
    return textOf(scratch, from);
  } finally {
    scratchBusy = false;
  }
}
