/**
 * A small JSON path: `$.status`, `data.items[0].state`, `$['key with spaces']`. Enough for a
 * health endpoint's answer; no filters or wildcards (a check compares one value).
 */
export type JsonPath = (string | number)[];

const TOKEN = /^(?:\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[(?:'([^']*)'|"([^"]*)")\])/;

export function parseJsonPath(text: string): { path: JsonPath } | { error: string } {
  let rest = text.trim();
  if (rest === '') return { error: 'Enter a JSON path such as $.status' };
  if (rest.startsWith('$')) rest = rest.slice(1);
  else rest = `.${rest}`.replace(/^\.\[/, '[');
  const path: JsonPath = [];
  while (rest !== '') {
    const match = TOKEN.exec(rest);
    if (!match) return { error: `The JSON path cannot be read at "${rest.slice(0, 20)}"` };
    if (match[1] !== undefined) path.push(match[1]);
    else if (match[2] !== undefined) path.push(Number(match[2]));
    else path.push(match[3] ?? match[4] ?? '');
    rest = rest.slice(match[0].length);
  }
  if (path.length === 0) return { error: 'The JSON path must name a value, e.g. $.status' };
  return { path };
}

/** The value at `path`, or `undefined` when the document has none there. */
export function readJsonPath(document: unknown, path: JsonPath): unknown {
  let current: unknown = document;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
    } else {
      if (Array.isArray(current) || !Object.hasOwn(current, step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current;
}

/** How a found value reads when compared with the expected text: strings as they are, the rest as JSON. */
export function jsonValueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
