import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { StreamLanguage, type StreamParser, type StringStream } from '@codemirror/language';
import type { Extension } from '@codemirror/state';

interface TState {
  /** Inside a string (a `${…}` interpolation keeps it open). */
  inString: boolean;
  /** Nesting of `${` inside the current string. */
  interpolation: number;
  inBlockComment: boolean;
}

/** A small tokenizer shared by HCL and Bicep: comments, strings with interpolation, numbers. */
function cLikeParser(options: {
  keywords: ReadonlySet<string>;
  atoms: ReadonlySet<string>;
  lineComment: RegExp;
  quote: string;
  interpolation: string;
}): StreamParser<TState> {
  const tokenString = (stream: StringStream, state: TState): string => {
    while (!stream.eol()) {
      if (stream.match(options.interpolation)) {
        state.interpolation = 1;
        return 'string';
      }
      const ch = stream.next();
      if (ch === '\\') stream.next();
      else if (ch === options.quote) {
        state.inString = false;
        return 'string';
      }
    }
    return 'string';
  };
  return {
    name: 'stratum-iac',
    startState: () => ({ inString: false, interpolation: 0, inBlockComment: false }),
    token(stream, state) {
      if (state.inBlockComment) {
        if (stream.skipTo('*/')) {
          stream.match('*/');
          state.inBlockComment = false;
        } else stream.skipToEnd();
        return 'comment';
      }
      if (state.inString && state.interpolation === 0) return tokenString(stream, state);
      if (stream.eatSpace()) return null;
      if (state.interpolation > 0) {
        if (stream.eat('{')) state.interpolation++;
        else if (stream.eat('}')) {
          state.interpolation--;
          return state.interpolation === 0 ? 'string' : null;
        }
      }
      if (stream.match('/*')) {
        state.inBlockComment = true;
        return 'comment';
      }
      if (stream.match(options.lineComment)) {
        stream.skipToEnd();
        return 'comment';
      }
      if (stream.peek() === options.quote) {
        stream.next();
        state.inString = true;
        return tokenString(stream, state);
      }
      if (stream.match(/^-?\d+(\.\d+)?/)) return 'number';
      const word = stream.match(/^[A-Za-z_][\w-]*/) as RegExpMatchArray | null;
      if (word) {
        const text = word[0];
        if (options.atoms.has(text)) return 'atom';
        if (options.keywords.has(text)) return 'keyword';
        if (stream.match(/^\s*=(?!=)/, false)) return 'propertyName';
        if (stream.match(/^\s*\(/, false)) return 'variableName.function';
        return 'variableName';
      }
      stream.next();
      return null;
    },
  };
}

const HCL = StreamLanguage.define(
  cLikeParser({
    keywords: new Set([
      'resource',
      'data',
      'variable',
      'output',
      'locals',
      'module',
      'provider',
      'terraform',
      'for',
      'in',
      'if',
      'for_each',
      'count',
      'dynamic',
      'content',
      'required_providers',
      'backend',
    ]),
    atoms: new Set(['true', 'false', 'null']),
    lineComment: /^(#|\/\/)/,
    quote: '"',
    interpolation: '${',
  }),
);

const BICEP = StreamLanguage.define(
  cLikeParser({
    keywords: new Set([
      'param',
      'var',
      'resource',
      'module',
      'output',
      'targetScope',
      'existing',
      'for',
      'in',
      'if',
      'using',
      'import',
      'metadata',
      'type',
      'func',
    ]),
    atoms: new Set(['true', 'false', 'null']),
    lineComment: /^\/\//,
    quote: "'",
    interpolation: '${',
  }),
);

/** The highlighting for a file (generated, or uploaded to the converter), by its extension; plain text when unknown. */
export function languageFor(path: string): Extension[] {
  if (/\.(tf|tfvars|hcl)$/.test(path)) return [HCL];
  if (/\.(bicep|bicepparam)$/.test(path)) return [BICEP];
  if (path.endsWith('.json')) return [json()];
  if (/\.ya?ml$/.test(path)) return [yaml()];
  return [];
}

export function languageName(path: string): string {
  if (/\.(tf|tfvars|hcl)$/.test(path)) return 'HCL';
  if (/\.(bicep|bicepparam)$/.test(path)) return 'Bicep';
  if (path.endsWith('.json')) return 'JSON';
  if (/\.ya?ml$/.test(path)) return 'YAML';
  if (path.endsWith('.md')) return 'Markdown';
  return 'Text';
}
