import { isEmptyValue } from './normalize';

/** Rendering JSON values (as state holds them) as HCL: literals, maps, lists and nested blocks. */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A quoted HCL string: escapes, and `${` / `%{` kept literal. */
export function hclString(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `"${out.replace(/\$\{/g, () => '$${').replace(/%\{/g, () => '%%{')}"`;
}

/** A map key: bare when it is an identifier, else quoted (`"tag "` stays `"tag "`). */
export function hclKey(k: string): string {
  return IDENTIFIER.test(k) ? k : hclString(k);
}

export function isScalar(v: unknown): boolean {
  return v === null || v === undefined || typeof v !== 'object';
}

/** An expression: strings quoted, maps `{ k = v }`, lists `[a, b]`, multi-line when nested. */
export function hclValue(v: unknown, indent = ''): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return hclString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every(isScalar)) {
      const line = `[${v.map((e) => hclValue(e)).join(', ')}]`;
      if (line.length <= 80) return line;
    }
    return `[\n${v.map((e) => `${inner}${hclValue(e, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, e]) => `${inner}${hclKey(k)} = ${hclValue(e, inner)}`).join('\n')}\n${indent}}`;
}

function isBlockList(v: unknown): v is Record<string, unknown>[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e))
  );
}

/**
 * A block as state holds it (`{ enabled: true, attribute_name: "x" }`) as HCL lines: lists of
 * objects become nested blocks, unset values are left out.
 */
export function hclBlock(name: string, body: Record<string, unknown>, indent = ''): string {
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (isEmptyValue(v)) continue;
    if (isBlockList(v)) for (const b of v) lines.push(hclBlock(k, b, inner));
    else lines.push(`${inner}${k} = ${hclValue(v, inner)}`);
  }
  return lines.length === 0
    ? `${indent}${name} {}`
    : `${indent}${name} {\n${lines.join('\n')}\n${indent}}`;
}

/** Every line prefixed with `# ` (for a skeleton or a block to remove). */
export function commentOut(text: string): string {
  return text
    .split('\n')
    .map((l) => (l === '' ? '#' : `# ${l}`))
    .join('\n');
}

/** A path for people: `ttl.0.enabled`, `tags["cost "]` (a key that is not a plain name is quoted). */
export function displayPath(path: readonly (string | number)[]): string {
  return path
    .map((seg, i) => {
      if (typeof seg === 'number' || /^[A-Za-z_][A-Za-z0-9_-]*$/.test(seg))
        return `${i === 0 ? '' : '.'}${seg}`;
      return `[${JSON.stringify(seg)}]`;
    })
    .join('');
}
