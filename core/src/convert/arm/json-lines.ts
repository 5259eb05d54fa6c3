import { ConvertError } from '../types';

/**
 * JSON.parse that also answers the 1-based line of every value, by JSON pointer
 * (`/resources/0/properties`), so what cannot be converted is reported where it is written.
 * Templates may carry comments (ARM accepts `//` and `/* *\/`): they are skipped.
 */
export interface TJsonWithLines {
  readonly value: unknown;
  readonly lines: ReadonlyMap<string, number>;
}

const escapePointer = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointer = (base: string, key: string | number) =>
  `${base}/${escapePointer(String(key))}`;

export function parseJsonWithLines(text: string, file: string): TJsonWithLines {
  const lines = new Map<string, number>();
  let i = 0;
  let line = 1;
  const fail = (m: string): never => {
    throw new ConvertError(`${file}:${line}: not valid JSON (${m})`, file, line);
  };
  const skip = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        line++;
        i++;
      } else if (c === 32 || c === 9 || c === 13 || c === 0xfeff) i++;
      else if (c === 47 && text[i + 1] === '/') {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (c === 47 && text[i + 1] === '*') {
        const endAt = text.indexOf('*/', i + 2);
        if (endAt < 0) fail('unterminated comment');
        for (let j = i; j < endAt; j++) if (text.charCodeAt(j) === 10) line++;
        i = endAt + 2;
      } else return;
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '"') break;
      else if (c === '\n') fail('line break in a string');
    }
    if (i >= text.length) fail('unterminated string');
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail('bad string escape');
    }
  };
  const value = (path: string): unknown => {
    skip();
    lines.set(path, line);
    const c = text[i];
    if (c === '{') {
      i++;
      const out: Record<string, unknown> = {};
      skip();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail('expected a property name');
        const key = string();
        skip();
        if (text[i] !== ':') fail('expected :');
        i++;
        const v = value(pointer(path, key));
        Object.defineProperty(out, key, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skip();
        if (text[i] === ',') {
          i++;
          skip();
          if (text[i] === '}') {
            i++;
            return out;
          }
        } else if (text[i] === '}') {
          i++;
          return out;
        } else fail('expected , or }');
      }
    }
    if (c === '[') {
      i++;
      const out: unknown[] = [];
      skip();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value(pointer(path, out.length)));
        skip();
        if (text[i] === ',') {
          i++;
          skip();
          if (text[i] === ']') {
            i++;
            return out;
          }
        } else if (text[i] === ']') {
          i++;
          return out;
        } else fail('expected , or ]');
      }
    }
    if (c === '"') return string();
    const m = /^(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 40));
    if (!m) fail(`unexpected ${JSON.stringify(c ?? 'end')}`);
    i += m![0].length;
    return JSON.parse(m![0]) as unknown;
  };
  const result = value('');
  skip();
  if (i < text.length) fail('text after the end');
  return { value: result, lines };
}

/** The line of a pointer, or of its nearest ancestor that has one. */
export function lineAt(lines: ReadonlyMap<string, number>, path: string): number {
  for (let p = path; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const l = lines.get(p);
    if (l !== undefined) return l;
    if (p === '') return 1;
  }
}
