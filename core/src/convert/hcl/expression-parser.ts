import type { IToken, TokenType } from 'chevrotain';
import type { THclExpr, THclStep } from './ast';
import {
  And,
  Bang,
  Colon,
  Comma,
  Dot,
  DoubleColon,
  Ellipsis,
  EqEq,
  Equals,
  FatArrow,
  Gt,
  GtEq,
  Heredoc,
  Identifier,
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
} from './lexer';
import { TokenStream } from './token-stream';

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
 * The expression productions of the hclsyntax spec (Expression, ExprTerm, operators, function
 * calls, collections, `for` expressions); templates, which nest expressions, come in the subclass.
 */
export abstract class ExpressionParser extends TokenStream {
  /** A quoted template: `"` parts `"`. */
  abstract template(): THclExpr;
  protected abstract heredoc(t: IToken): THclExpr;

  expression(): THclExpr {
    const cond = this.binary(0);
    if (!this.is(Question)) return cond;
    this.pos++;
    const then = this.expression();
    this.expect(Colon, '":" of the conditional');
    return { k: 'conditional', cond, then, else: this.expression(), line: cond.line };
  }

  protected binary(level: number): THclExpr {
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

  protected unary(): THclExpr {
    const t = this.peek();
    if (t && (t.tokenType === Minus || t.tokenType === Bang)) {
      this.pos++;
      const operand = this.unary();
      return { k: 'unary', op: t.tokenType === Minus ? '-' : '!', operand, line: this.line(t) };
    }
    return this.postfix(this.term());
  }

  protected postfix(target: THclExpr): THclExpr {
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

  protected term(): THclExpr {
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

  protected call(fn: string, line: number): THclExpr {
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

  protected tuple(): THclExpr {
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

  protected object(): THclExpr {
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
  protected forHeader(): { keyVar: string | undefined; valueVar: string; collection: THclExpr } {
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

  protected forExpr(line: number, closing: TokenType): THclExpr {
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
}
