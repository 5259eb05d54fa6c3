import { createToken, Lexer, type CustomPatternMatcherFunc, type TokenType } from 'chevrotain';

/**
 * The Bicep lexer. Strings with `${…}` interpolation are split into pieces (`'a${`, `}b${`,
 * `}c'`) as Bicep's own lexer does; which `}` closes an interpolation and which an object is
 * decided by a stack of open braces, kept by the custom matchers below and reset per input.
 */
type TBrace = 'object' | 'interpolation';
let braces: TBrace[] = [];

/** Scans string content from `start` (after `'` or `}`); stops at `'` or at `${`. */
function scanString(text: string, start: number): { end: number; interpolation: boolean } | null {
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === "'") return { end: i + 1, interpolation: false };
    else if (c === '$' && text[i + 1] === '{') return { end: i + 2, interpolation: true };
    else if (c === '\n' || c === '\r') return null;
  }
  return null;
}

const match = (text: string, offset: number, end: number): RegExpExecArray => {
  const m = [text.slice(offset, end)] as unknown as RegExpExecArray;
  m.index = offset;
  return m;
};

const stringStart =
  (interpolation: boolean): CustomPatternMatcherFunc =>
  (text, offset) => {
    if (text[offset] !== "'" || text.startsWith("'''", offset)) return null;
    const s = scanString(text, offset + 1);
    if (!s || s.interpolation !== interpolation) return null;
    if (interpolation) braces.push('interpolation');
    return match(text, offset, s.end);
  };

const stringContinue =
  (interpolation: boolean): CustomPatternMatcherFunc =>
  (text, offset) => {
    if (text[offset] !== '}' || braces[braces.length - 1] !== 'interpolation') return null;
    const s = scanString(text, offset + 1);
    if (!s || s.interpolation !== interpolation) return null;
    if (!interpolation) braces.pop();
    return match(text, offset, s.end);
  };

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_][A-Za-z0-9_]*/ });
/** Keywords are identifiers too (`type:`, `resource:`, `existing` as property names). */
const keyword = (name: string, word: string, isIdentifier = true) =>
  createToken({
    name,
    pattern: new RegExp(`${word}(?![A-Za-z0-9_])`),
    longer_alt: Identifier,
    ...(isIdentifier ? { categories: [Identifier] } : {}),
  });

export const TargetScope = keyword('TargetScope', 'targetScope');
export const Param = keyword('Param', 'param');
export const Var = keyword('Var', 'var');
export const Resource = keyword('Resource', 'resource');
export const Module = keyword('Module', 'module');
export const Output = keyword('Output', 'output');
export const Existing = keyword('Existing', 'existing');
export const For = keyword('For', 'for');
export const In = keyword('In', 'in');
export const If = keyword('If', 'if');
export const Import = keyword('Import', 'import');
export const Type = keyword('Type', 'type');
export const Func = keyword('Func', 'func');
export const Metadata = keyword('Metadata', 'metadata');
export const From = keyword('From', 'from');
export const As = keyword('As', 'as');
export const With = keyword('With', 'with');
export const Extension = keyword('Extension', 'extension');
export const Provider = keyword('Provider', 'provider');
export const Using = keyword('Using', 'using');
export const True = keyword('True', 'true', false);
export const False = keyword('False', 'false', false);
export const Null = keyword('Null', 'null', false);

export const MultilineString = createToken({
  name: 'MultilineString',
  pattern: /'''[\s\S]*?'''/,
  line_breaks: true,
});
export const StringComplete = createToken({
  name: 'StringComplete',
  pattern: { exec: stringStart(false) },
  start_chars_hint: ["'"],
  line_breaks: false,
});
export const StringLeft = createToken({
  name: 'StringLeft',
  pattern: { exec: stringStart(true) },
  start_chars_hint: ["'"],
  line_breaks: false,
});
export const StringMiddle = createToken({
  name: 'StringMiddle',
  pattern: { exec: stringContinue(true) },
  start_chars_hint: ['}'],
  line_breaks: false,
});
export const StringRight = createToken({
  name: 'StringRight',
  pattern: { exec: stringContinue(false) },
  start_chars_hint: ['}'],
  line_breaks: false,
});
export const LCurly = createToken({
  name: 'LCurly',
  pattern: {
    exec: (text, offset) => {
      if (text[offset] !== '{') return null;
      braces.push('object');
      return match(text, offset, offset + 1);
    },
  },
  start_chars_hint: ['{'],
  line_breaks: false,
});
export const RCurly = createToken({
  name: 'RCurly',
  pattern: {
    exec: (text, offset) => {
      if (text[offset] !== '}' || braces[braces.length - 1] === 'interpolation') return null;
      braces.pop();
      return match(text, offset, offset + 1);
    },
  },
  start_chars_hint: ['}'],
  line_breaks: false,
});

export const NewLine = createToken({ name: 'NewLine', pattern: /\r?\n/, line_breaks: true });
const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t]+/, group: Lexer.SKIPPED });
const LineComment = createToken({
  name: 'LineComment',
  pattern: /\/\/[^\n\r]*/,
  group: Lexer.SKIPPED,
});
const BlockComment = createToken({
  name: 'BlockComment',
  pattern: /\/\*[\s\S]*?\*\//,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

const punct = (name: string, pattern: RegExp) => createToken({ name, pattern });
export const LBracket = punct('LBracket', /\[/);
export const RBracket = punct('RBracket', /\]/);
export const LParen = punct('LParen', /\(/);
export const RParen = punct('RParen', /\)/);
export const Comma = punct('Comma', /,/);
export const DoubleColon = punct('DoubleColon', /::/);
export const Colon = punct('Colon', /:/);
export const DotQuestion = punct('DotQuestion', /\.\?/);
export const Dot = punct('Dot', /\./);
export const Coalesce = punct('Coalesce', /\?\?/);
export const Question = punct('Question', /\?/);
export const Arrow = punct('Arrow', /=>/);
export const EqualEqual = punct('EqualEqual', /==/);
export const NotEqual = punct('NotEqual', /!=/);
export const EqualTilde = punct('EqualTilde', /=~/);
export const NotTilde = punct('NotTilde', /!~/);
export const Assign = punct('Assign', /=/);
export const Bang = punct('Bang', /!/);
export const LessEqual = punct('LessEqual', /<=/);
export const Less = punct('Less', /</);
export const GreaterEqual = punct('GreaterEqual', />=/);
export const Greater = punct('Greater', />/);
export const AndAnd = punct('AndAnd', /&&/);
export const OrOr = punct('OrOr', /\|\|/);
export const Pipe = punct('Pipe', /\|/);
export const Plus = punct('Plus', /\+/);
export const Minus = punct('Minus', /-/);
export const Star = punct('Star', /\*/);
export const Slash = punct('Slash', /\//);
export const Percent = punct('Percent', /%/);
export const At = punct('At', /@/);
export const Integer = punct('Integer', /\d+/);

export const allTokens: TokenType[] = [
  NewLine,
  WhiteSpace,
  BlockComment,
  LineComment,
  MultilineString,
  StringLeft,
  StringComplete,
  StringMiddle,
  StringRight,
  LCurly,
  RCurly,
  TargetScope,
  Param,
  Var,
  Resource,
  Module,
  Output,
  Existing,
  For,
  In,
  If,
  Import,
  Type,
  Func,
  Metadata,
  From,
  As,
  With,
  Extension,
  Provider,
  Using,
  True,
  False,
  Null,
  Identifier,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Comma,
  DoubleColon,
  Colon,
  DotQuestion,
  Dot,
  Coalesce,
  Question,
  Arrow,
  EqualEqual,
  NotEqual,
  EqualTilde,
  NotTilde,
  Assign,
  Bang,
  LessEqual,
  Less,
  GreaterEqual,
  Greater,
  AndAnd,
  OrOr,
  Pipe,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  At,
  Integer,
];

const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: false });

export function tokenize(text: string) {
  braces = [];
  try {
    return lexer.tokenize(text);
  } finally {
    braces = [];
  }
}
