import type { TExpr } from './ast';
import { quote, Unconvertible, type TExprContext } from './context';

/** `a/b/../c.bicep` relative to the folder of `from`; undefined when it leaves the upload. */
export function resolvePath(from: string, relative: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const p of relative.split('/')) {
    if (p === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}

function base64(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** JSON read from a file is data: its strings that look like expressions are escaped. */
function escapeJson(v: unknown): unknown {
  if (typeof v === 'string') return v.startsWith('[') ? `[${v}` : v;
  if (Array.isArray(v)) return v.map(escapeJson);
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, escapeJson(x)]));
  return v;
}

/**
 * `loadTextContent`, `loadJsonContent`, `loadFileAsBase64`: Bicep reads the file when it
 * compiles, so the converter does too, from the uploaded files. Answers undefined for any
 * other function; as an ARM expression, or as a JSON value when `asJson`.
 */
export function loadFunction(e: TExpr & { k: 'call' }, ctx: TExprContext, asJson = false): unknown {
  if (!['loadTextContent', 'loadJsonContent', 'loadFileAsBase64'].includes(e.name))
    return undefined;
  const arg = e.args[0];
  if (arg?.k !== 'str' || arg.parts.length !== 1)
    throw new Unconvertible(`${e.name}() needs a literal path`, e);
  const path = resolvePath(ctx.symbols.file, arg.parts[0] as string);
  const file = path === undefined ? undefined : ctx.files.find((f) => f.path === path);
  if (!file)
    throw new Unconvertible(`${e.name}(): ${arg.parts[0] as string} is not in the upload`, e);
  if (e.name === 'loadFileAsBase64')
    return asJson ? base64(file.content) : quote(base64(file.content));
  if (e.name === 'loadTextContent') return asJson ? escapeJson(file.content) : quote(file.content);
  let value: unknown;
  try {
    value = JSON.parse(file.content);
  } catch {
    throw new Unconvertible(`${e.name}(): ${file.path} is not JSON`, e);
  }
  if (e.args.length > 1) throw new Unconvertible(`${e.name}() with a JSON path`, e);
  return asJson ? escapeJson(value) : `json(${quote(JSON.stringify(value))})`;
}
