/**
 * JSON (what the API server sends) as YAML, the way kubectl prints it: block maps and lists, plain
 * scalars where they read back as the same string, double quotes elsewhere, and `|` blocks for
 * multi-line text. Only for showing; manifests the user types go to the server as written.
 */
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~|[-+]?(?:\.inf|\.nan))$/i;
const NUMBER_LIKE = /^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$|^0x[0-9a-f]+$|^0o[0-7]+$/i;

function isPlainSafe(text: string): boolean {
  if (text === '' || text.trim() !== text) return false;
  if (RESERVED.test(text) || NUMBER_LIKE.test(text)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(text)) return false;
  if (/: |:$| #|[\u0000-\u001f\u007f]/.test(text)) return false;
  return true;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  const text = String(value);
  return isPlainSafe(text) ? text : JSON.stringify(text);
}

const isMultiline = (value: unknown): value is string =>
  typeof value === 'string' && value.includes('\n') && !/[\u0000-\u0009\u000b-\u001f]/.test(value);

function block(text: string, indent: string): string {
  const chomp = text.endsWith('\n') ? (text.endsWith('\n\n') ? '+' : '') : '-';
  // A first line starting with a space needs an explicit indentation indicator.
  const indicator = text.startsWith(' ') ? '2' : '';
  const body = text.replace(/\n$/, '').split('\n');
  return `|${indicator}${chomp}\n${body.map((line) => (line === '' ? '' : `${indent}${line}`)).join('\n')}`;
}

const isEmptyCollection = (value: unknown): boolean =>
  (Array.isArray(value) && value.length === 0) ||
  (value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0);

function emptyCollection(value: unknown): string {
  return Array.isArray(value) ? '[]' : '{}';
}

function lines(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (item !== null && typeof item === 'object' && !isEmptyCollection(item)) {
        const [first = '', ...rest] = lines(item, `${indent}  `);
        return [`${indent}- ${first.slice(indent.length + 2)}`, ...rest];
      }
      return [`${indent}- ${inline(item, `${indent}  `)}`];
    });
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => {
      const head = `${indent}${scalar(key)}:`;
      if (item !== null && typeof item === 'object' && !isEmptyCollection(item)) {
        // kubectl writes list items at the key's indentation.
        return [head, ...lines(item, Array.isArray(item) ? indent : `${indent}  `)];
      }
      return [`${head} ${inline(item, `${indent}  `)}`];
    });
  }
  return [`${indent}${scalar(value)}`];
}

function inline(value: unknown, indent: string): string {
  if (isEmptyCollection(value)) return emptyCollection(value);
  if (isMultiline(value)) return block(value, indent);
  return scalar(value);
}

export function toYaml(value: unknown): string {
  if (value === null || typeof value !== 'object' || isEmptyCollection(value)) {
    return `${inline(value, '')}\n`;
  }
  return `${lines(value, '').join('\n')}\n`;
}
