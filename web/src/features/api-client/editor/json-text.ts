/**
 * JSON request bodies may hold `{{variables}}` where a value goes (`{"id": {{id}}}`), which is
 * not JSON until they are substituted. Both helpers treat a variable as a value.
 */
const VARIABLE = /\{\{\s*[^{}\r\n]+?\s*\}\}/g;

class JsonStop extends Error {
  constructor(
    readonly at: number,
    readonly what: string,
  ) {
    super(what);
  }
}

/** Finds where JSON text goes wrong (JSON.parse does not say where in every engine). */
function firstError(text: string): { at: number; what: string } {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonStop(i, what);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const unexpected = () =>
    fail(i >= text.length ? 'Unexpected end of text' : `Unexpected ${JSON.stringify(text[i])}`);
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail('Line break or control character inside a string');
      if (text[i] === '\\') {
        if (!/^(["\\/bfnrt]|u[0-9a-fA-F]{4})/.test(text.slice(i + 1, i + 6))) fail('Bad escape');
        i += text[i + 1] === 'u' ? 6 : 2;
      } else i++;
    }
    if (i >= text.length) fail('Unterminated string');
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`Expected a property name in quotes`);
        string();
        ws();
        if (text[i] !== ':') fail("Expected ':' after the property name");
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail("Expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail("Expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(
      text.slice(i, i + 400),
    );
    if (!literal) return unexpected();
    i += literal[0].length;
  };
  try {
    value();
    ws();
    if (i < text.length) unexpected();
  } catch (error) {
    if (error instanceof JsonStop) return { at: error.at, what: error.what };
    throw error;
  }
  return { at: i, what: 'Invalid JSON' };
}

/** Why `text` is not JSON (with where), or null when it is, or is empty. */
export function jsonProblem(text: string): string | null {
  if (text.trim() === '') return null;
  // Same length, so positions stay true: each variable becomes a number of its own width.
  const plain = text.replace(VARIABLE, (v) => '1'.padEnd(v.length, '0'));
  try {
    JSON.parse(plain);
    return null;
  } catch {
    const { at, what } = firstError(plain);
    const before = plain.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    return `${what} (line ${line}, column ${column})`;
  }
}

/**
 * Re-indents JSON text by two spaces, keeping strings, numbers and `{{variables}}` exactly as
 * written. Only for text `jsonProblem` accepts.
 */
export function formatJson(text: string): string {
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (c === '{' && text[i + 1] === '{') {
      const end = text.indexOf('}}', i);
      out += text.slice(i, end + 2);
      i = end + 1;
    } else if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      const next = nextSignificant(text, i + 1);
      if (text[next] === close) {
        out += c + close;
        i = next;
      } else {
        depth++;
        out += c + newline();
      }
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') {
      out += ',' + newline();
    } else if (c === ':') {
      out += ': ';
    } else if (!/\s/.test(c)) {
      out += c;
    }
  }
  return out;
}

function nextSignificant(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}
