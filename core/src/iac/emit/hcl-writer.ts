import type { TTfBlock, TTfBody, TTfExpr, TTfObject, TTfValue } from '../ir/terraform-ir';
import { isBlock, isBlockList, isTagged } from '../ir/terraform-ir';

/**
 * Writes HCL exactly as `terraform fmt` leaves it: two-space indent, `=` aligned across runs of
 * consecutive single-line attributes (a multi-line value ends the run and is not padded).
 */
const IDENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const NEEDS_ESCAPE = /["\\\n\r\t]|\$\{|%\{/;

/** The inside of a quoted HCL string (no quotes). */
function escapeContent(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/\$\{/g, () => '$${')
    .replace(/%\{/g, () => '%%{');
}

export function hclString(s: string): string {
  return '"' + escapeContent(s) + '"';
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

function expr(e: TTfExpr, indent: string): string {
  switch (e.$) {
    case 'ref':
      return e.attr ? e.address + '.' + e.attr : e.address;
    case 'tpl': {
      let out = '"';
      for (const p of e.parts) {
        out += typeof p === 'string' ? escapeContent(p) : '${' + expr(p, indent) + '}';
      }
      return out + '"';
    }
    case 'call': {
      let out = e.fn + '(';
      for (let i = 0; i < e.args.length; i++) {
        out += (i > 0 ? ', ' : '') + hclValue(e.args[i]!, indent);
      }
      return out + ')';
    }
  }
}

export function hclValue(v: TTfValue, indent: string): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return hclString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return hclList(v as readonly TTfValue[], indent);
  const t = v as TTfExpr | TTfObject;
  if (t.$ !== 'obj') return expr(t, indent);
  const keys: string[] = [];
  const values: string[] = [];
  const inner = indent + '  ';
  for (const k in t.entries) {
    keys.push(key(k));
    values.push(hclValue(t.entries[k]!, inner));
  }
  if (keys.length === 0) return '{}';
  const lines: string[] = ['{'];
  writeAttributes(lines, keys, values, inner);
  lines.push(indent + '}');
  return lines.join('\n');
}

function hclList(items: readonly TTfValue[], indent: string): string {
  const inner = indent + '  ';
  const rendered: string[] = [];
  let isMultiline = false;
  for (const i of items) {
    const r = hclValue(i, inner);
    if (!isMultiline && (r.includes('\n') || (isTagged(i) && i.$ === 'obj'))) isMultiline = true;
    rendered.push(r);
  }
  if (!isMultiline) return '[' + rendered.join(', ') + ']';
  let out = '[\n';
  for (const r of rendered) out += inner + r + ',\n';
  return out + indent + ']';
}

/**
 * `name = value` lines with terraform fmt's alignment of `=` across a run of single-line
 * values; a multi-line value ends the run and is not padded.
 */
function writeAttributes(
  out: string[],
  keys: readonly string[],
  values: readonly string[],
  indent: string,
): void {
  let runStart = 0;
  for (let i = 0; i <= keys.length; i++) {
    const isMulti = i < keys.length && values[i]!.includes('\n');
    if (i < keys.length && !isMulti) continue;
    let width = 0;
    for (let j = runStart; j < i; j++) width = Math.max(width, keys[j]!.length);
    for (let j = runStart; j < i; j++)
      out.push(indent + keys[j]!.padEnd(width) + ' = ' + values[j]);
    if (isMulti) out.push(indent + keys[i] + ' = ' + values[i]);
    runStart = i + 1;
  }
}

/** Attributes first, then each nested block after a blank line; lines appended to `out`. */
function writeBody(out: string[], body: TTfBody, indent: string): void {
  const start = out.length;
  const keys: string[] = [];
  const values: string[] = [];
  const blocks: [string, TTfBlock][] = [];
  for (const k in body) {
    const v = body[k];
    if (v === undefined) continue;
    if (isBlock(v)) blocks.push([k, v]);
    else if (isBlockList(v)) for (const b of v) blocks.push([k, b]);
    else {
      keys.push(key(k));
      values.push(hclValue(v, indent));
    }
  }
  writeAttributes(out, keys, values, indent);
  for (const [k, b] of blocks) {
    if (out.length > start) out.push('');
    writeBlock(out, k, b.body, indent);
  }
}

/** An empty block is written `name {}`, as in the providers' documentation. */
function writeBlock(out: string[], head: string, body: TTfBody, indent: string): void {
  const start = out.push(indent + head + ' {');
  writeBody(out, body, indent + '  ');
  if (out.length === start) out[start - 1] += '}';
  else out.push(indent + '}');
}

/** Attributes first, then each nested block after a blank line. */
export function hclBody(body: TTfBody, indent: string): string[] {
  const out: string[] = [];
  writeBody(out, body, indent);
  return out;
}

/** `type "label" "label" {` body `}`. */
export function hclBlock(header: readonly string[], body: TTfBody, indent: string): string[] {
  let head = header[0] ?? '';
  for (let i = 1; i < header.length; i++) head += ' ' + hclString(header[i]!);
  const out: string[] = [];
  writeBlock(out, head, body, indent);
  return out;
}
