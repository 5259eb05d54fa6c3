import type { TTfBlock, TTfBody, TTfExpr, TTfObject, TTfValue } from '../ir/terraform-ir';
import {
  scratchText,
  type TTextBuffer,
  write,
  writeLineStart,
  writeSpaces,
  writeEscaped,
  type TQuoting,
} from './text-buffer';

/**
 * Writes HCL exactly as `terraform fmt` leaves it: two-space indent, `=` aligned across runs of
 * consecutive single-line attributes (a multi-line value ends the run and is not padded).
 *
 * Text is written into one byte buffer per file (decision 0035), so rendering builds no string
 * per line or per value; whether a value spans lines is read from its shape before it is
 * written, which is what the alignment needs.
 */
const IDENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** HCL strings: double quotes; `$${` and `%%{` for a literal `${` and `%{`. */
const HCL_QUOTING: TQuoting = { quote: 0x22, beforeDollarBrace: 0x24, beforePercentBrace: 0x25 };

export function hclString(s: string): string {
  return scratchText((b) => {
    write(b, '"');
    writeEscaped(b, s, HCL_QUOTING);
    write(b, '"');
  });
}

// Argument names repeat across thousands of resources: remember how each one is written.
const keyCache = new Map<string, string>();
function key(k: string): string {
  let out = keyCache.get(k);
  if (out === undefined) {
    out = IDENT.test(k) ? k : hclString(k);
    if (keyCache.size < 10_000) keyCache.set(k, out);
  }
  return out;
}

/**
 * Whether a value is written on more than one line, read from its shape: strings escape their
 * line breaks; an object with entries, a list holding an object or a multi-line value, and a
 * call or template holding one span lines; raw code does when it contains a line break.
 */
function isMultiline(v: TTfValue): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) {
    for (const item of v as readonly TTfValue[]) {
      // An object item, even an empty one, puts each item on a line of its own.
      if (typeof item !== 'object' || item === null) continue;
      if ((item as { $?: unknown }).$ === 'obj' || isMultiline(item)) return true;
    }
    return false;
  }
  const t = v as TTfExpr | TTfObject;
  switch (t.$) {
    case 'obj':
      for (const _ in t.entries) return true;
      return false;
    case 'ref':
      return t.address.includes('\n') || t.attr.includes('\n');
    case 'tpl':
      for (const p of t.parts) if (typeof p !== 'string' && isMultiline(p)) return true;
      return false;
    case 'call':
      for (const a of t.args) if (isMultiline(a)) return true;
      return false;
  }
}

function writeExpr(b: TTextBuffer, e: TTfExpr, depth: number): void {
  switch (e.$) {
    case 'ref':
      write(b, e.address);
      if (e.attr) {
        write(b, '.');
        write(b, e.attr);
      }
      return;
    case 'tpl':
      write(b, '"');
      for (const p of e.parts) {
        if (typeof p === 'string') writeEscaped(b, p, HCL_QUOTING);
        else {
          write(b, '${');
          writeExpr(b, p, depth);
          write(b, '}');
        }
      }
      write(b, '"');
      return;
    case 'call':
      write(b, e.fn);
      write(b, '(');
      for (let i = 0; i < e.args.length; i++) {
        if (i > 0) write(b, ', ');
        writeValue(b, e.args[i]!, depth);
      }
      write(b, ')');
  }
}

/** A value at `depth` (the depth of the line it starts on). */
function writeValue(b: TTextBuffer, v: TTfValue, depth: number): void {
  if (v === null) write(b, 'null');
  else if (typeof v === 'string') {
    write(b, '"');
    writeEscaped(b, v, HCL_QUOTING);
    write(b, '"');
  } else if (typeof v === 'number' || typeof v === 'boolean') write(b, String(v));
  else if (Array.isArray(v)) writeList(b, v as readonly TTfValue[], depth);
  else {
    const t = v as TTfExpr | TTfObject;
    if (t.$ !== 'obj') writeExpr(b, t, depth);
    else {
      write(b, '{');
      const start = b.pos;
      writeAttributes(b, t.entries, depth + 1);
      if (b.pos > start) writeLineStart(b, depth);
      write(b, '}');
    }
  }
}

function writeList(b: TTextBuffer, items: readonly TTfValue[], depth: number): void {
  write(b, '[');
  if (!isMultiline(items)) {
    for (let i = 0; i < items.length; i++) {
      if (i > 0) write(b, ', ');
      writeValue(b, items[i]!, depth + 1);
    }
  } else {
    for (const item of items) {
      writeLineStart(b, depth + 1);
      writeValue(b, item, depth + 1);
      write(b, ',');
    }
    writeLineStart(b, depth);
  }
  write(b, ']');
}

/** A nested block value (`{ $: 'block' }`). */
const isBlockValue = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (v as { $?: unknown }).$ === 'block';

/**
 * How an entry of a body is written: 0 as an attribute, 1 as a nested block, 2 as repeated
 * blocks, -1 not at all (absent). One test per entry, with no callback per list item.
 */
function entryKind(v: TTfBody[string] | undefined): number {
  if (v === undefined) return -1;
  if (typeof v !== 'object' || v === null) return 0;
  if (Array.isArray(v)) {
    if (v.length === 0) return 0;
    for (let i = 0; i < v.length; i++) if (!isBlockValue(v[i])) return 0;
    return 2;
  }
  return (v as { $: string }).$ === 'block' ? 1 : 0;
}

// Scratch stacks for writeAttributes: each call reads its attributes once (written name,
// value, whether it spans lines) into its own range, above the ranges of the calls it is
// nested in, and gives the range back when done. Nothing is allocated per object.
const scratchKeys: string[] = [];
const scratchValues: TTfValue[] = [];
const scratchMultiline: boolean[] = [];
let scratchTop = 0;

/**
 * `name = value` lines, each started with a line break, with terraform fmt's alignment of `=`
 * across a run of single-line values; a multi-line value ends the run and is not padded.
 */
function writeAttributes(b: TTextBuffer, entries: TTfBody, depth: number): void {
  const start = scratchTop;
  for (const name in entries) {
    const v = entries[name];
    if (entryKind(v) !== 0) continue;
    const value = v as TTfValue;
    scratchKeys[scratchTop] = key(name);
    scratchValues[scratchTop] = value;
    scratchMultiline[scratchTop] = isMultiline(value);
    scratchTop++;
  }
  const end = scratchTop;
  let i = start;
  while (i < end) {
    if (scratchMultiline[i]) {
      writeLineStart(b, depth);
      write(b, scratchKeys[i]!);
      write(b, ' = ');
      writeValue(b, scratchValues[i]!, depth);
      i++;
      continue;
    }
    let runEnd = i;
    let width = 0;
    for (; runEnd < end && !scratchMultiline[runEnd]; runEnd++) {
      width = Math.max(width, scratchKeys[runEnd]!.length);
    }
    for (; i < runEnd; i++) {
      const k = scratchKeys[i]!;
      writeLineStart(b, depth);
      write(b, k);
      writeSpaces(b, width - k.length);
      write(b, ' = ');
      writeValue(b, scratchValues[i]!, depth);
    }
  }
  // Values are not kept alive by the scratch stack once written.
  for (let j = start; j < end; j++) scratchValues[j] = null;
  scratchTop = start;
}

/** Attributes first, then each nested block after a blank line. */
function writeBody(b: TTextBuffer, body: TTfBody, depth: number): void {
  const start = b.pos;
  writeAttributes(b, body, depth);
  for (const name in body) {
    const v = body[name];
    const kind = entryKind(v);
    if (kind === 1) {
      if (b.pos > start) write(b, '\n');
      writeBlock(b, name, (v as TTfBlock).body, depth);
    } else if (kind === 2) {
      for (const x of v as readonly TTfBlock[]) {
        if (b.pos > start) write(b, '\n');
        writeBlock(b, name, x.body, depth);
      }
    }
  }
}

/** An empty block is written `name {}`, as in the providers' documentation. */
function writeBlock(b: TTextBuffer, head: string, body: TTfBody, depth: number): void {
  writeLineStart(b, depth);
  write(b, head);
  writeOpenBody(b, body, depth);
}

/** ` {` body `}` of a block whose head is written. */
function writeOpenBody(b: TTextBuffer, body: TTfBody, depth: number): void {
  write(b, ' {');
  const start = b.pos;
  writeBody(b, body, depth + 1);
  if (b.pos > start) writeLineStart(b, depth);
  write(b, '}');
}

/** `value` as HCL, its continuation lines indented for a line at `indent`. */
export function hclValue(v: TTfValue, indent: string): string {
  return scratchText((b) => writeValue(b, v, indent.length >> 1));
}

/**
 * `type "label" "label" {` body `}` written to `b`, starting with a line break (the caller
 * drops the first one of a file: `textOf(b, 1)`).
 */
export function writeHclBlock(b: TTextBuffer, header: readonly string[], body: TTfBody): void {
  writeLineStart(b, 0);
  write(b, header[0] ?? '');
  for (let i = 1; i < header.length; i++) {
    write(b, ' "');
    writeEscaped(b, header[i]!, HCL_QUOTING);
    write(b, '"');
  }
  writeOpenBody(b, body, 0);
}

/** Top-level `name = value` lines (a .tfvars file), each after a line break, aligned. */
export function writeHclAttributes(b: TTextBuffer, entries: TTfBody): void {
  writeAttributes(b, entries, 0);
}

/** `type "label" "label" {` body `}` as text. */
export function hclBlock(header: readonly string[], body: TTfBody): string {
  return scratchText((b) => writeHclBlock(b, header, body), 1);
}
