import type { IToken, TokenType } from 'chevrotain';
import type {
  THclAttribute,
  THclBlock,
  THclBody,
  THclExpr,
  THclFile,
  THclStep,
  THclTemplatePart,
} from './ast';
import {
  And,
  Bang,
  CloseQuote,
  Colon,
  Comma,
  DirectiveOpen,
  Dot,
  DoubleColon,
  Ellipsis,
  EqEq,
  Equals,
  FatArrow,
  Gt,
  GtEq,
  Heredoc,
  HeredocText,
  Identifier,
  InterpOpen,
  LBrace,
  LBracket,
  LParen,
  Lt,
  LtEq,
  Minus,
  NewLine,
  NotEq,
  NumberLit,
  OpenQuote,
  Or,
  Percent,
  Plus,
  Question,
  RBrace,
  RBracket,
  RParen,
  Slash,
  Star,
  TemplateText,
  lexHcl,
} from './lexer';
import { templateLiteral } from './template-text';

/** A syntax error with the 1-based line it was found on. */
export class HclSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'HclSyntaxError';
  }
}

/** Binary operators by precedence (hclsyntax spec: `||` lowest, `* / %` highest). */
const BINARY: readonly (readonly TokenType[])[] = [
  [Or],
  [And],
  [EqEq, NotEq],
  [Lt, Gt, LtEq, GtEq],
  [Plus, Minus],
  [Star, Slash, Percent],
];

/**
 * A recursive-descent parser over the chevrotain tokens, one method per production of the
 * hclsyntax spec (ConfigFile, Body, Attribute, Block, Expression, ExprTerm, Template, ForExpr…).
 */
class Parser {
  private pos = 0;

  constructor(
    private readonly tokens: readonly IToken[],
    private readonly source: string,
    private readonly lineOffset: number,
  ) {}

  private peek(k = 0): IToken | undefined {
    return this.tokens[this.pos + k];
  }

  private is(type: TokenType, k = 0): boolean {
    return this.peek(k)?.tokenType === type;
  }

  private isWord(word: string, k = 0): boolean {
    const t = this.peek(k);
    return t?.tokenType === Identifier && t.image === word;
  }

  private line(t = this.peek()): number {
    const last = this.tokens[this.tokens.length - 1];
    return (t?.startLine ?? last?.endLine ?? 1) + this.lineOffset;
  }

  private fail(expected: string): never {
    const t = this.peek();
    const found = t ? `"${t.image.slice(0, 20)}"` : 'the end of the file';
    throw new HclSyntaxError(`expected ${expected}, found ${found}`, this.line());
  }

  private expect(type: TokenType, what: string): IToken {
    const t = this.peek();
    if (t?.tokenType !== type) this.fail(what);
    this.pos++;
    return t;
  }

  private skipNewLines(): void {
    while (this.is(NewLine)) this.pos++;
  }

  private textFrom(start: IToken, end: IToken | undefined): string {
    return this.source.slice(start.startOffset, (end?.endOffset ?? start.endOffset ?? 0) + 1);
  }

  body(closing?: TokenType): THclBody {
    const attributes: THclAttribute[] = [];
    const blocks: THclBlock[] = [];
    for (;;) {
      this.skipNewLines();
      const t = this.peek();
      if (!t || (closing && t.tokenType === closing)) break;
      const name = this.expect(Identifier, 'an attribute or block name');
      if (this.is(Equals)) {
        this.pos++;
        const expr = this.expression();
        attributes.push({
          name: name.image,
          expr,
          line: this.line(name),
          text: this.textFrom(name, this.tokens[this.pos - 1]),
        });
        if (this.peek() && !this.is(NewLine) && !(closing && this.is(closing)))
          this.fail('a new line after the attribute');
        continue;
      }
      const labels: string[] = [];
      while (!this.is(LBrace)) {
        if (this.is(Identifier)) labels.push(this.expect(Identifier, 'a label').image);
        else if (this.is(OpenQuote)) labels.push(this.quotedLabel());
        else this.fail('"=" or a block label or "{"');
      }
      this.expect(LBrace, '"{"');
      const inner = this.body(RBrace);
      const end = this.expect(RBrace, '"}" closing the block');
      blocks.push({
        type: name.image,
        labels,
        body: inner,
        line: this.line(name),
        endLine: this.line(end),
        text: this.textFrom(name, end),
      });
    }
    return { attributes, blocks };
  }

  private quotedLabel(): string {
    const expr = this.template();
    const parts = expr.k === 'template' ? expr.parts : [];
    if (expr.k !== 'template' || !parts.every((p): p is string => typeof p === 'string'))
      throw new HclSyntaxError('a block label is a literal string', expr.line);
    return parts.join('');
  }

  expression(): THclExpr {
    const cond = this.binary(0);
    if (!this.is(Question)) return cond;
    this.pos++;
    const then = this.expression();
    this.expect(Colon, '":" of the conditional');
    return { k: 'conditional', cond, then, else: this.expression(), line: cond.line };
  }

  private binary(level: number): THclExpr {
    if (level >= BINARY.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      if (!t || !BINARY[level]!.includes(t.tokenType)) return left;
      this.pos++;
      const right = this.binary(level + 1);
      left = { k: 'binary', op: t.image, left, right, line: left.line };
    }
  }

  private unary(): THclExpr {
    const t = this.peek();
    if (t && (t.tokenType === Minus || t.tokenType === Bang)) {
      this.pos++;
      const operand = this.unary();
      return { k: 'unary', op: t.tokenType === Minus ? '-' : '!', operand, line: this.line(t) };
    }
    return this.postfix(this.term());
  }

  private postfix(target: THclExpr): THclExpr {
    const steps: THclStep[] = [];
    for (;;) {
      if (this.is(Dot)) {
        this.pos++;
        if (this.is(Star)) {
          this.pos++;
          steps.push({ k: 'splat', full: false });
        } else if (this.is(NumberLit)) {
          // Legacy index syntax `a.0`.
          const n = this.expect(NumberLit, 'an index');
          for (const part of n.image.split('.'))
            steps.push({
              k: 'index',
              index: { k: 'literal', value: Number(part), line: this.line(n) },
            });
        } else {
          steps.push({ k: 'attr', name: this.expect(Identifier, 'an attribute name').image });
        }
      } else if (this.is(LBracket)) {
        this.pos++;
        if (this.is(Star) && this.is(RBracket, 1)) {
          this.pos += 2;
          steps.push({ k: 'splat', full: true });
        } else {
          const index = this.expression();
          this.expect(RBracket, '"]"');
          steps.push({ k: 'index', index });
        }
      } else break;
    }
    return steps.length === 0 ? target : { k: 'traversal', target, steps, line: target.line };
  }

  private term(): THclExpr {
    const t = this.peek();
    if (!t) this.fail('an expression');
    const line = this.line(t);
    switch (t.tokenType) {
      case NumberLit:
        this.pos++;
        return { k: 'literal', value: Number(t.image), line };
      case OpenQuote:
        return this.template();
      case Heredoc:
        this.pos++;
        return this.heredoc(t);
      case LParen: {
        this.pos++;
        const expr = this.expression();
        this.expect(RParen, '")"');
        return { k: 'paren', expr, line };
      }
      case LBracket:
        return this.tuple();
      case LBrace:
        return this.object();
      case Identifier:
        break;
      default:
        this.fail('an expression');
    }
    this.pos++;
    if (t.image === 'true' || t.image === 'false') {
      return { k: 'literal', value: t.image === 'true', line };
    }
    if (t.image === 'null') return { k: 'literal', value: null, line };
    if (this.is(LParen) || this.is(DoubleColon)) {
      let fn = t.image;
      // Provider-defined functions: `provider::aws::arn_parse(…)`.
      while (this.is(DoubleColon)) {
        this.pos++;
        fn += `::${this.expect(Identifier, 'a function name').image}`;
      }
      return this.call(fn, line);
    }
    return { k: 'variable', name: t.image, line };
  }

  private call(fn: string, line: number): THclExpr {
    this.expect(LParen, '"("');
    const args: THclExpr[] = [];
    let expandFinal = false;
    while (!this.is(RParen)) {
      args.push(this.expression());
      if (this.is(Ellipsis)) {
        this.pos++;
        expandFinal = true;
      }
      if (this.is(Comma)) this.pos++;
      else if (!this.is(RParen)) this.fail('"," or ")" in the arguments');
    }
    this.pos++;
    return { k: 'call', fn, args, expandFinal, line };
  }

  private tuple(): THclExpr {
    const open = this.expect(LBracket, '"["');
    const line = this.line(open);
    if (this.isWord('for') && this.is(Identifier, 1)) return this.forExpr(line, RBracket);
    const items: THclExpr[] = [];
    while (!this.is(RBracket)) {
      items.push(this.expression());
      if (this.is(Comma)) this.pos++;
      else if (!this.is(RBracket)) this.fail('"," or "]" in the list');
    }
    this.pos++;
    return { k: 'tuple', items, line };
  }

  private object(): THclExpr {
    const open = this.expect(LBrace, '"{"');
    const line = this.line(open);
    this.skipNewLines();
    if (this.isWord('for') && this.is(Identifier, 1)) return this.forExpr(line, RBrace);
    const items: { key: THclExpr; value: THclExpr }[] = [];
    for (;;) {
      this.skipNewLines();
      if (this.is(RBrace)) break;
      const keyToken = this.peek();
      // A bare identifier key is the literal name, not a variable (hclsyntax spec).
      const key: THclExpr =
        keyToken?.tokenType === Identifier && (this.is(Equals, 1) || this.is(Colon, 1))
          ? (this.pos++, { k: 'literal', value: keyToken.image, line: this.line(keyToken) })
          : this.expression();
      if (this.is(Equals) || this.is(Colon)) this.pos++;
      else this.fail('"=" after the object key');
      items.push({ key, value: this.expression() });
      if (this.is(Comma)) this.pos++;
      else if (!this.is(NewLine) && !this.is(RBrace)) this.fail('"," or a new line in the object');
    }
    this.pos++;
    return { k: 'object', items, line };
  }

  /** `k, v in collection` (or `v in collection`) after `for`: in expressions and directives. */
  private forHeader(): { keyVar: string | undefined; valueVar: string; collection: THclExpr } {
    const first = this.expect(Identifier, 'a variable name').image;
    let keyVar: string | undefined;
    let valueVar = first;
    if (this.is(Comma)) {
      this.pos++;
      keyVar = first;
      valueVar = this.expect(Identifier, 'a variable name').image;
    }
    if (!this.isWord('in')) this.fail('"in"');
    this.pos++;
    return { keyVar, valueVar, collection: this.expression() };
  }

  private forExpr(line: number, closing: TokenType): THclExpr {
    this.pos++; // `for`
    const { keyVar, valueVar, collection } = this.forHeader();
    this.expect(Colon, '":" of the for expression');
    this.skipNewLines();
    let keyExpr: THclExpr | undefined;
    let valueExpr = this.expression();
    if (closing === RBrace) {
      this.expect(FatArrow, '"=>" of the object for expression');
      keyExpr = valueExpr;
      valueExpr = this.expression();
    }
    let grouping = false;
    if (this.is(Ellipsis)) {
      this.pos++;
      grouping = true;
    }
    this.skipNewLines();
    let cond: THclExpr | undefined;
    if (this.isWord('if')) {
      this.pos++;
      cond = this.expression();
    }
    this.skipNewLines();
    this.expect(closing, closing === RBrace ? '"}"' : '"]"');
    return {
      k: 'for',
      ...(keyVar ? { keyVar } : {}),
      valueVar,
      collection,
      ...(keyExpr ? { keyExpr } : {}),
      valueExpr,
      ...(cond ? { cond } : {}),
      grouping,
      line,
    };
  }

  /** A quoted template: `"` parts `"`. */
  template(): THclExpr {
    const open = this.expect(OpenQuote, 'a string');
    const parts = this.templateParts(CloseQuote);
    this.expect(CloseQuote, 'the closing quote');
    return { k: 'template', parts, line: this.line(open) };
  }

  private heredoc(t: IToken): THclExpr {
    const image = t.image;
    const firstBreak = image.indexOf('\n');
    const head = image.slice(0, firstBreak);
    const lastBreak = image.lastIndexOf('\n');
    let content = image.slice(firstBreak + 1, lastBreak + 1);
    if (head.startsWith('<<-')) {
      // Indented heredoc: the smallest indentation of the non-blank lines is removed.
      const lines = content.split('\n');
      const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
      const strip = indents.length > 0 ? Math.min(...indents) : 0;
      content = lines.map((l) => l.slice(strip)).join('\n');
    }
    const line = this.line(t);
    const lexed = lexHcl(content, 'heredoc');
    if (lexed.errors.length > 0)
      throw new HclSyntaxError(lexed.errors[0]!.message, line + lexed.errors[0]!.line);
    const inner = new Parser(lexed.tokens, content, line);
    const parts = inner.templateParts(undefined, true);
    return { k: 'template', parts, heredoc: true, line };
  }

  /** Template parts up to `closing` (the quote) or the end of the tokens (a heredoc). */
  templateParts(closing: TokenType | undefined, heredoc = false): THclTemplatePart[] {
    const root: THclTemplatePart[] = [];
    // Open directives: where their parts go until `%{ else }`/`%{ endif }`/`%{ endfor }`.
    type TFrame =
      | {
          k: 'if';
          cond: THclExpr;
          then: THclTemplatePart[];
          else: THclTemplatePart[];
          inElse: boolean;
        }
      | {
          k: 'for';
          keyVar?: string;
          valueVar: string;
          collection: THclExpr;
          body: THclTemplatePart[];
        };
    const frames: { frame: TFrame; into: THclTemplatePart[] }[] = [];
    const target = (): THclTemplatePart[] => {
      const top = frames[frames.length - 1]?.frame;
      if (!top) return root;
      if (top.k === 'for') return top.body;
      return top.inElse ? top.else : top.then;
    };
    for (;;) {
      const t = this.peek();
      if (!t || (closing && t.tokenType === closing)) break;
      if (t.tokenType === TemplateText || t.tokenType === HeredocText) {
        this.pos++;
        target().push(templateLiteral(t.image, heredoc));
      } else if (t.tokenType === InterpOpen) {
        this.pos++;
        if (t.image.endsWith('~')) trimEnd(target());
        const expr = this.expression();
        this.closeTemplateBrace();
        target().push({ k: 'interp', expr });
      } else if (t.tokenType === DirectiveOpen) {
        this.pos++;
        const word = this.expect(Identifier, 'if, for, else, endif or endfor').image;
        if (word === 'if') {
          const cond = this.expression();
          frames.push({
            frame: { k: 'if', cond, then: [], else: [], inElse: false },
            into: target(),
          });
        } else if (word === 'for') {
          const { keyVar, valueVar, collection } = this.forHeader();
          frames.push({
            frame: { k: 'for', ...(keyVar ? { keyVar } : {}), valueVar, collection, body: [] },
            into: target(),
          });
        } else if (word === 'else') {
          const top = frames[frames.length - 1]?.frame;
          if (top?.k !== 'if') throw new HclSyntaxError('%{ else } outside %{ if }', this.line(t));
          top.inElse = true;
        } else if (word === 'endif' || word === 'endfor') {
          const open = frames.pop();
          if (!open || open.frame.k !== word.slice(3))
            throw new HclSyntaxError(`%{ ${word} } without its opening directive`, this.line(t));
          const f = open.frame;
          open.into.push(
            f.k === 'if'
              ? { k: 'if', cond: f.cond, then: f.then, else: f.else }
              : {
                  k: 'for',
                  ...(f.keyVar ? { keyVar: f.keyVar } : {}),
                  valueVar: f.valueVar,
                  collection: f.collection,
                  body: f.body,
                },
          );
        } else this.fail('if, for, else, endif or endfor');
        this.closeTemplateBrace();
      } else this.fail('template text');
    }
    if (frames.length > 0)
      throw new HclSyntaxError('a template directive is not closed', this.line());
    return mergeText(root);
  }

  private closeTemplateBrace(): void {
    const close = this.expect(RBrace, '"}" closing the interpolation');
    // `~}` strips the whitespace that follows: done when the next text part is read.
    if (close.image.startsWith('~')) {
      const next = this.peek();
      if (next && (next.tokenType === TemplateText || next.tokenType === HeredocText)) {
        (next as { image: string }).image = next.image.replace(/^\s+/, '');
      }
    }
  }
}

function trimEnd(parts: THclTemplatePart[]): void {
  const last = parts[parts.length - 1];
  if (typeof last === 'string') parts[parts.length - 1] = last.replace(/\s+$/, '');
}

function mergeText(parts: THclTemplatePart[]): THclTemplatePart[] {
  const out: THclTemplatePart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else if (p !== '') out.push(p);
  }
  return out;
}

/** Parses one HCL file; throws HclSyntaxError with the line of the first problem. */
export function parseHcl(path: string, text: string): THclFile {
  const lexed = lexHcl(text);
  if (lexed.errors.length > 0) {
    const e = lexed.errors[0]!;
    throw new HclSyntaxError(`unexpected character: ${e.message}`, e.line);
  }
  const parser = new Parser(lexed.tokens, text, 0);
  return { path, body: parser.body() };
}

/** Parses a single expression (a `.tfvars` value, a test). */
export function parseHclExpression(text: string): THclExpr {
  const lexed = lexHcl(text);
  if (lexed.errors.length > 0) throw new HclSyntaxError(lexed.errors[0]!.message, 1);
  const parser = new Parser(lexed.tokens, text, 0);
  return parser.expression();
}
