import type { TTfBlock, TTfBody, TTfExpr, TTfValue } from '../ir/terraform-ir';
import { isBlock, isBlockList, isTagged } from '../ir/terraform-ir';

/**
 * Writes HCL exactly as `terraform fmt` leaves it: two-space indent, `=` aligned across runs of
 * consecutive single-line attributes (a multi-line value ends the run and is not padded).
 */
const IDENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const NEEDS_ESCAPE = /["\\\n\r\t]|\$\{|%\{/;

export function hclString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  return (
    '"' +
    s
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')
      .replace(/\t/g, '\\t')
      .replace(/\$\{/g, () => '$${')
      .replace(/%\{/g, () => '%%{') +
    '"'
  );
}

function key(k: string): string {
  return IDENT.test(k) ? k : hclString(k);
}

function expr(e: TTfExpr, indent: string): string {
  switch (e.$) {
    case 'ref':
      return e.attr ? `${e.address}.${e.attr}` : e.address;
    case 'tpl': {
      let out = '"';
      for (const p of e.parts) {
        out += typeof p === 'string' ? hclString(p).slice(1, -1) : '${' + expr(p, indent) + '}';
      }
      return out + '"';
    }
    case 'call':
      return `${e.fn}(${e.args.map((a) => hclValue(a, indent)).join(', ')})`;
  }
}

export function hclValue(v: TTfValue, indent: string): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return hclString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const items = v as readonly TTfValue[];
    const inner = indent + '  ';
    const rendered = items.map((i) => hclValue(i, inner));
    const isMultiline =
      rendered.some((r) => r.includes('\n')) ||
      items.some((i) => isTagged(i) && (i as { $: string }).$ === 'obj');
    if (!isMultiline) return `[${rendered.join(', ')}]`;
    return `[\n${rendered.map((r) => `${inner}${r},`).join('\n')}\n${indent}]`;
  }
  const t = v as TTfExpr | { $: 'obj'; entries: Record<string, TTfValue> };
  if (t.$ === 'obj') {
    const entries = Object.entries(t.entries);
    if (entries.length === 0) return '{}';
    const lines = attributeLines(entries, indent + '  ');
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return expr(t, indent);
}

/** `name = value` lines with terraform fmt's alignment of `=`. */
function attributeLines(entries: readonly [string, TTfValue][], indent: string): string[] {
  const rendered = entries.map(([k, v]) => ({ k: key(k), v: hclValue(v, indent) }));
  const lines: string[] = [];
  let run: { k: string; v: string }[] = [];
  const flush = () => {
    const width = Math.max(0, ...run.map((r) => r.k.length));
    for (const r of run) lines.push(`${indent}${r.k.padEnd(width)} = ${r.v}`);
    run = [];
  };
  for (const r of rendered) {
    if (r.v.includes('\n')) {
      flush();
      lines.push(`${indent}${r.k} = ${r.v}`);
    } else {
      run.push(r);
    }
  }
  flush();
  return lines;
}

/** Attributes first, then each nested block after a blank line. */
export function hclBody(body: TTfBody, indent: string): string[] {
  const attrs: [string, TTfValue][] = [];
  const blocks: [string, TTfBlock][] = [];
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (isBlock(v)) blocks.push([k, v]);
    else if (isBlockList(v)) for (const b of v) blocks.push([k, b]);
    else attrs.push([k, v]);
  }
  const lines = attributeLines(attrs, indent);
  for (const [k, b] of blocks) {
    if (lines.length > 0) lines.push('');
    lines.push(...hclBlock([k], b.body, indent));
  }
  return lines;
}

/** `type "label" "label" {` body `}`. */
export function hclBlock(header: readonly string[], body: TTfBody, indent: string): string[] {
  const [name, ...labels] = header;
  const head = [name, ...labels.map((l) => hclString(l))].join(' ');
  const inner = hclBody(body, indent + '  ');
  if (inner.length === 0) return [`${indent}${head} {`, `${indent}}`];
  return [`${indent}${head} {`, ...inner, `${indent}}`];
}
