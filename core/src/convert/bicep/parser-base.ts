import { EmbeddedActionsParser, type IToken, type ParserMethod, type TokenType } from 'chevrotain';
import type { TDecorator, TExpr } from './ast';
import * as T from './lexer';

/**
 * The Bicep grammar's expression layer (chevrotain, embedded actions: the rules build the syntax
 * tree directly): decorators, and operators by precedence. The grammar is one parser split over
 * a chain of classes (expressions ← values ← types ← statements); only the last runs
 * `performSelfAnalysis`, once every rule of the chain exists.
 */
export const at = (t: IToken) => ({ line: t.startLine ?? 0, start: t.startOffset });
export const end = (t: IToken) => (t.endOffset ?? t.startOffset) + 1;

/** The text of a string token without its quotes, escapes resolved. */
function unescape(raw: string): string {
  return raw.replace(/\\(.)/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c === '$' ? '$' : c,
  );
}

export function stringBody(t: IToken, left: number, right: number): string {
  return unescape(t.image.slice(left, t.image.length - right));
}

/** `'''` strings: no escapes; a first line break right after the quotes is not part of it. */
export function multiline(raw: string): string {
  return raw.slice(3, -3).replace(/^\r?\n/, '');
}

export const pos = (from: TExpr, endOffset: number) => ({
  line: from.line,
  start: from.start,
  end: endOffset,
});

export abstract class BicepExprParser extends EmbeddedActionsParser {
  /**
   * Chevrotain's grammar validations cost about 100 ms at start-up and can only fail when the
   * grammar changes: a unit test runs them (checkGrammar), conversions skip them.
   */
  constructor(validate: boolean) {
    super(T.allTokens, { maxLookahead: 2, skipValidations: !validate });
  }

  /** Defined further down the chain; referred to here only inside rule bodies. */
  protected abstract primary: ParserMethod<[], TExpr>;

  protected nls = this.RULE('nls', () => {
    this.MANY(() => this.CONSUME(T.NewLine));
  });

  protected decorator = this.RULE('decorator', (): TDecorator => {
    const a = this.CONSUME(T.At);
    let name = this.CONSUME(T.Identifier).image;
    this.OPTION(() => {
      this.CONSUME(T.Dot);
      name = this.CONSUME2(T.Identifier).image;
    });
    this.CONSUME(T.LParen);
    const args = this.SUBRULE(this.args);
    const close = this.CONSUME(T.RParen);
    this.SUBRULE(this.nls);
    return { ...at(a), end: end(close), name, args };
  });

  protected decorators = this.RULE('decorators', (): TDecorator[] => {
    const list: TDecorator[] = [];
    this.MANY(() => list.push(this.SUBRULE(this.decorator)));
    return list;
  });

  // ---- expressions, lowest precedence first ----

  expr = this.RULE('expr', (): TExpr => {
    const cond = this.SUBRULE(this.coalesceExpr);
    let result = cond;
    this.OPTION(() => {
      this.CONSUME(T.Question);
      this.SUBRULE(this.nls);
      const then = this.SUBRULE(this.expr);
      this.SUBRULE2(this.nls);
      this.CONSUME(T.Colon);
      this.SUBRULE3(this.nls);
      const otherwise = this.SUBRULE2(this.expr);
      result = {
        k: 'ternary' as const,
        line: cond.line,
        start: cond.start,
        end: otherwise.end,
        cond,
        then,
        else: otherwise,
      };
    });
    return result;
  });

  protected binary(
    name: string,
    ops: TokenType[],
    next: (second: boolean) => TExpr,
  ): (idx?: number) => TExpr {
    return this.RULE(name, () => {
      let left = next(false);
      this.MANY(() => {
        const op = this.OR(ops.map((t) => ({ ALT: () => this.CONSUME(t) })));
        this.SUBRULE(this.nls);
        const right = next(true);
        left = {
          k: 'binary' as const,
          op: op.image,
          left,
          right,
          line: left.line,
          start: left.start,
          end: right.end,
        };
      });
      return left;
    });
  }

  protected unary = this.RULE('unary', (): TExpr => {
    return this.OR([
      {
        ALT: () => {
          const op = this.OR2([
            { ALT: () => this.CONSUME(T.Bang) },
            { ALT: () => this.CONSUME(T.Minus) },
          ]);
          const operand = this.SUBRULE(this.unary);
          if (this.RECORDING_PHASE) return operand;
          if (op.image === '-' && operand.k === 'int')
            return { ...operand, value: -operand.value, ...at(op) };
          return {
            k: 'unary' as const,
            op: op.image as '!' | '-',
            operand,
            ...at(op),
            end: operand.end,
          };
        },
      },
      { ALT: () => this.SUBRULE(this.postfix) },
    ]);
  });

  protected multiplicativeExpr = this.binary(
    'multiplicativeExpr',
    [T.Star, T.Slash, T.Percent],
    (second) => (second ? this.SUBRULE2(this.unary) : this.SUBRULE(this.unary)),
  );
  protected additiveExpr = this.binary('additiveExpr', [T.Plus, T.Minus], (second) =>
    second ? this.SUBRULE2(this.multiplicativeExpr) : this.SUBRULE(this.multiplicativeExpr),
  );
  protected relationalExpr = this.binary(
    'relationalExpr',
    [T.LessEqual, T.Less, T.GreaterEqual, T.Greater],
    (second) => (second ? this.SUBRULE2(this.additiveExpr) : this.SUBRULE(this.additiveExpr)),
  );
  protected equalityExpr = this.binary(
    'equalityExpr',
    [T.EqualEqual, T.NotEqual, T.EqualTilde, T.NotTilde],
    (second) => (second ? this.SUBRULE2(this.relationalExpr) : this.SUBRULE(this.relationalExpr)),
  );
  protected andExpr = this.binary('andExpr', [T.AndAnd], (second) =>
    second ? this.SUBRULE2(this.equalityExpr) : this.SUBRULE(this.equalityExpr),
  );
  protected orExpr = this.binary('orExpr', [T.OrOr], (second) =>
    second ? this.SUBRULE2(this.andExpr) : this.SUBRULE(this.andExpr),
  );
  protected coalesceExpr = this.binary('coalesceExpr', [T.Coalesce], (second) =>
    second ? this.SUBRULE2(this.orExpr) : this.SUBRULE(this.orExpr),
  );

  protected postfix = this.RULE('postfix', (): TExpr => {
    let e = this.SUBRULE(this.primary);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Dot);
            const name = this.CONSUME(T.Identifier);
            const target = e;
            e = {
              k: 'member' as const,
              target,
              name: name.image,
              safe: false,
              ...pos(e, end(name)),
            };
            this.OPTION(() => {
              this.CONSUME(T.LParen);
              const args = this.SUBRULE(this.args);
              const close = this.CONSUME(T.RParen);
              e = {
                k: 'method' as const,
                target,
                name: name.image,
                args,
                ...pos(target, end(close)),
              };
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.DotQuestion);
            const name = this.CONSUME2(T.Identifier);
            e = {
              k: 'member' as const,
              target: e,
              name: name.image,
              safe: true,
              ...pos(e, end(name)),
            };
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.DoubleColon);
            const name = this.CONSUME3(T.Identifier);
            e = { k: 'child' as const, target: e, name: name.image, ...pos(e, end(name)) };
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LBracket);
            let safe = false;
            this.OPTION2(() => {
              this.CONSUME(T.Question);
              safe = true;
            });
            const index = this.SUBRULE(this.expr);
            const close = this.CONSUME(T.RBracket);
            e = { k: 'index' as const, target: e, index, safe, ...pos(e, end(close)) };
          },
        },
        {
          ALT: () => {
            const b = this.CONSUME(T.Bang);
            e = { k: 'nonNull' as const, operand: e, ...pos(e, end(b)) };
          },
        },
      ]),
    );
    return e;
  });

  protected args = this.RULE('args', (): TExpr[] => {
    const list: TExpr[] = [];
    this.SUBRULE(this.nls);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.SUBRULE2(this.nls);
        list.push(this.SUBRULE(this.expr));
        this.SUBRULE3(this.nls);
      },
    });
    return list;
  });
}
