import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';

/**
 * The HCL native syntax lexer (hashicorp/hcl `hclsyntax/spec.md`). Chevrotain's lexer modes
 * carry what makes HCL awkward to tokenise: newlines end attributes in bodies and object
 * constructors but not inside `(…)`, `[…]` or `${…}`, and quoted templates nest expressions that
 * nest templates again. Heredocs are one token whose content is lexed again in template mode.
 */

const IDENT_START = /[A-Za-z_]/;

/** `<<EOT` / `<<-EOT` … a line holding only `EOT` (indentation allowed). */
function matchHeredoc(text: string, offset: number): RegExpExecArray | null {
  const head = /<<(-?)([A-Za-z_][A-Za-z0-9_-]*)\r?\n/y;
  head.lastIndex = offset;
  const m = head.exec(text);
  if (!m) return null;
  const marker = m[2]!;
  let pos = offset + m[0].length;
  while (pos <= text.length) {
    const eol = text.indexOf('\n', pos);
    const end = eol === -1 ? text.length : eol;
    if (text.slice(pos, end).replace(/\r$/, '').trim() === marker) {
      const result = [text.slice(offset, end)] as unknown as RegExpExecArray;
      result.index = offset;
      result.input = text;
      return result;
    }
    if (eol === -1) break;
    pos = eol + 1;
  }
  return null;
}

export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][A-Za-z0-9_-]*/,
  start_chars_hint: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_'],
});
export const NumberLit = createToken({
  name: 'NumberLit',
  pattern: /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/,
});
export const Heredoc = createToken({
  name: 'Heredoc',
  pattern: { exec: matchHeredoc },
  line_breaks: true,
  start_chars_hint: ['<'],
});
const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r]+/, group: Lexer.SKIPPED });
const LineComment = createToken({
  name: 'LineComment',
  pattern: /(?:#|\/\/)[^\n]*/,
  group: Lexer.SKIPPED,
});
const BlockComment = createToken({
  name: 'BlockComment',
  pattern: /\/\*[\s\S]*?\*\//,
  line_breaks: true,
  group: Lexer.SKIPPED,
});
export const NewLine = createToken({ name: 'NewLine', pattern: /\n/, line_breaks: true });
const SkippedNewLine = createToken({
  name: 'SkippedNewLine',
  pattern: /\n/,
  line_breaks: true,
  group: Lexer.SKIPPED,
});

export const LBrace = createToken({ name: 'LBrace', pattern: '{', push_mode: 'body' });
export const RBrace = createToken({ name: 'RBrace', pattern: /~?\}/, pop_mode: true });
export const LParen = createToken({ name: 'LParen', pattern: '(', push_mode: 'nested' });
export const RParen = createToken({ name: 'RParen', pattern: ')', pop_mode: true });
export const LBracket = createToken({ name: 'LBracket', pattern: '[', push_mode: 'nested' });
export const RBracket = createToken({ name: 'RBracket', pattern: ']', pop_mode: true });
export const OpenQuote = createToken({ name: 'OpenQuote', pattern: '"', push_mode: 'template' });
export const CloseQuote = createToken({ name: 'CloseQuote', pattern: '"', pop_mode: true });

const op = (name: string, pattern: string) => createToken({ name, pattern });
export const Ellipsis = op('Ellipsis', '...');
export const DoubleColon = op('DoubleColon', '::');
export const EqEq = op('EqEq', '==');
export const NotEq = op('NotEq', '!=');
export const LtEq = op('LtEq', '<=');
export const GtEq = op('GtEq', '>=');
export const And = op('And', '&&');
export const Or = op('Or', '||');
export const FatArrow = op('FatArrow', '=>');
export const Lt = op('Lt', '<');
export const Gt = op('Gt', '>');
export const Plus = op('Plus', '+');
export const Minus = op('Minus', '-');
export const Star = op('Star', '*');
export const Slash = op('Slash', '/');
export const Percent = op('Percent', '%');
export const Bang = op('Bang', '!');
export const Question = op('Question', '?');
export const Colon = op('Colon', ':');
export const Equals = op('Equals', '=');
export const Comma = op('Comma', ',');
export const Dot = op('Dot', '.');

/** Template text: anything but the quote, `${`/`%{` openers; `$${` and `%%{` are escapes. */
export const TemplateText = createToken({
  name: 'TemplateText',
  pattern: /(?:[^"\\$%\n]|\\.|\$\$\{|%%\{|\$(?!\{)|%(?!\{))+/,
});
/** Heredoc template text: quotes and newlines are literal there. */
export const HeredocText = createToken({
  name: 'HeredocText',
  pattern: /(?:[^$%]|\$\$\{|%%\{|\$(?!\{)|%(?!\{))+/,
  line_breaks: true,
});
export const InterpOpen = createToken({
  name: 'InterpOpen',
  pattern: /\$\{~?/,
  push_mode: 'nested',
});
export const DirectiveOpen = createToken({
  name: 'DirectiveOpen',
  pattern: /%\{~?/,
  push_mode: 'nested',
});

const expressionTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  Heredoc,
  LBrace,
  RBrace,
  LParen,
  RParen,
  LBracket,
  RBracket,
  OpenQuote,
  Ellipsis,
  DoubleColon,
  EqEq,
  NotEq,
  LtEq,
  GtEq,
  And,
  Or,
  FatArrow,
  Lt,
  Gt,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Bang,
  Question,
  Colon,
  Equals,
  Comma,
  Dot,
  NumberLit,
  Identifier,
];

const hclLexer = new Lexer(
  {
    modes: {
      // Bodies and object constructors: a newline ends an attribute or an item.
      body: [NewLine, ...expressionTokens],
      // Inside (…), […] and ${…}: newlines are insignificant.
      nested: [SkippedNewLine, ...expressionTokens],
      template: [InterpOpen, DirectiveOpen, CloseQuote, TemplateText],
      heredoc: [InterpOpen, DirectiveOpen, HeredocText],
    },
    defaultMode: 'body',
  },
  { positionTracking: 'full', ensureOptimizations: false },
);

export interface TLexed {
  readonly tokens: IToken[];
  readonly errors: readonly { line: number; message: string }[];
}

/** Tokens of a whole file (`body` mode) or of a heredoc's content (`heredoc` mode). */
export function lexHcl(text: string, mode: 'body' | 'heredoc' = 'body'): TLexed {
  const r = hclLexer.tokenize(text, mode);
  return {
    tokens: r.tokens,
    errors: r.errors.map((e) => ({ line: e.line ?? 1, message: e.message })),
  };
}

export const isIdentStart = (c: string) => IDENT_START.test(c);
