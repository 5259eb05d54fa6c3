import type { ParserMethod } from 'chevrotain';
import type { TDecorator, TExpr, TProp, TResourceDecl } from './ast';
import * as T from './lexer';
import { at, BicepExprParser, end, multiline, stringBody } from './parser-base';

/** The Bicep grammar's values: literals, strings with interpolation, objects, arrays, loops, lambdas. */
export abstract class BicepValueParser extends BicepExprParser {
  /** A resource declaration (also nested in a resource's body): defined with the statements. */
  protected abstract resource: ParserMethod<[TDecorator[]], TResourceDecl>;

  /** The value of a resource or module: an object, `if (…) {…}` or a `[for …]` loop. */
  protected declValue = this.RULE('declValue', (): TExpr => {
    return this.OR([
      { ALT: () => this.SUBRULE(this.ifBody), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.expr) },
    ]);
  });

  protected ifBody = this.RULE('ifBody', (): TExpr => {
    const k = this.CONSUME(T.If);
    this.CONSUME(T.LParen);
    this.SUBRULE(this.nls);
    const cond = this.SUBRULE(this.expr);
    this.SUBRULE2(this.nls);
    this.CONSUME(T.RParen);
    const body = this.SUBRULE(this.object);
    return { k: 'if' as const, ...at(k), end: body.end, cond, body };
  });

  protected primary = this.RULE('primary', (): TExpr => {
    return this.OR([
      {
        ALT: () => {
          const t = this.CONSUME(T.Integer);
          return { k: 'int' as const, value: Number(t.image), ...at(t), end: end(t) };
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(T.True);
          return { k: 'bool' as const, value: true, ...at(t), end: end(t) };
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(T.False);
          return { k: 'bool' as const, value: false, ...at(t), end: end(t) };
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(T.Null);
          return { k: 'null' as const, ...at(t), end: end(t) };
        },
      },
      { ALT: () => this.SUBRULE(this.string) },
      {
        ALT: () => {
          const t = this.CONSUME(T.MultilineString);
          return { k: 'str' as const, parts: [multiline(t.image)], ...at(t), end: end(t) };
        },
      },
      {
        GATE: () => this.isLambda(),
        ALT: () => this.SUBRULE(this.lambda),
        IGNORE_AMBIGUITIES: true,
      },
      {
        ALT: () => {
          const open = this.CONSUME(T.LParen);
          this.SUBRULE(this.nls);
          const inner = this.SUBRULE(this.expr);
          this.SUBRULE2(this.nls);
          const close = this.CONSUME(T.RParen);
          return {
            ...inner,
            line: open.startLine ?? inner.line,
            start: open.startOffset,
            end: end(close),
          };
        },
      },
      {
        ALT: () => {
          const id = this.CONSUME(T.Identifier);
          let e: TExpr = { k: 'id' as const, name: id.image, ...at(id), end: end(id) };
          this.OPTION(() => {
            this.CONSUME2(T.LParen);
            const args = this.SUBRULE(this.args);
            const close = this.CONSUME2(T.RParen);
            e = { k: 'call' as const, name: id.image, args, ...at(id), end: end(close) };
          });
          return e;
        },
      },
      { ALT: () => this.SUBRULE(this.object) },
      { ALT: () => this.SUBRULE(this.array) },
    ]);
  });

  /** `x => …` or `(a, b) => …`: decided by looking ahead for the arrow. */
  protected isLambda(): boolean {
    if (
      this.LA(1).tokenType === T.Identifier ||
      this.LA(1).tokenType.CATEGORIES?.includes(T.Identifier)
    )
      return this.LA(2).tokenType === T.Arrow;
    if (this.LA(1).tokenType !== T.LParen) return false;
    for (let i = 2; ; i++) {
      const t = this.LA(i).tokenType;
      if (t === T.RParen) return this.LA(i + 1).tokenType === T.Arrow;
      if (t !== T.Identifier && t !== T.Comma && !t.CATEGORIES?.includes(T.Identifier))
        return false;
    }
  }

  protected lambda = this.RULE('lambda', (): TExpr => {
    const params: string[] = [];
    const first = this.OR([
      {
        ALT: () => {
          const id = this.CONSUME(T.Identifier);
          params.push(id.image);
          return id;
        },
      },
      {
        ALT: () => {
          const open = this.CONSUME(T.LParen);
          this.MANY_SEP({
            SEP: T.Comma,
            DEF: () => params.push(this.CONSUME2(T.Identifier).image),
          });
          this.CONSUME(T.RParen);
          return open;
        },
      },
    ]);
    this.CONSUME(T.Arrow);
    this.SUBRULE(this.nls);
    const body = this.SUBRULE(this.expr);
    return { k: 'lambda' as const, params, body, ...at(first), end: body.end };
  });

  protected string = this.RULE('string', (): TExpr => {
    return this.OR([
      {
        ALT: () => {
          const t = this.CONSUME(T.StringComplete);
          return { k: 'str' as const, parts: [stringBody(t, 1, 1)], ...at(t), end: end(t) };
        },
      },
      {
        ALT: () => {
          const left = this.CONSUME(T.StringLeft);
          const parts: (string | TExpr)[] = [stringBody(left, 1, 2)];
          parts.push(this.SUBRULE(this.expr));
          this.MANY(() => {
            parts.push(stringBody(this.CONSUME(T.StringMiddle), 1, 2));
            parts.push(this.SUBRULE2(this.expr));
          });
          const right = this.CONSUME(T.StringRight);
          parts.push(stringBody(right, 1, 1));
          return { k: 'str' as const, parts, ...at(left), end: end(right) };
        },
      },
    ]);
  });

  protected object = this.RULE('object', (): TExpr & { k: 'object' } => {
    const open = this.CONSUME(T.LCurly);
    this.SUBRULE(this.nls);
    const props: TProp[] = [];
    const resources: TResourceDecl[] = [];
    this.MANY(() => {
      const decorators = this.SUBRULE(this.decorators);
      this.OR([
        {
          ALT: () => resources.push(this.SUBRULE(this.resource, { ARGS: [decorators] })),
        },
        {
          ALT: () => {
            const keyTok = this.OR2([
              { ALT: () => this.CONSUME(T.Identifier) },
              { ALT: () => this.CONSUME(T.StringComplete) },
            ]);
            const key =
              !this.RECORDING_PHASE && keyTok.tokenType === T.StringComplete
                ? stringBody(keyTok, 1, 1)
                : keyTok.image;
            this.CONSUME(T.Colon);
            this.SUBRULE2(this.nls);
            const value = this.SUBRULE(this.expr);
            props.push({ key, value, ...at(keyTok), end: value.end });
          },
        },
      ]);
      this.OPTION(() => this.CONSUME(T.Comma));
      this.SUBRULE3(this.nls);
    });
    const close = this.CONSUME(T.RCurly);
    return { k: 'object' as const, props, resources, ...at(open), end: end(close) };
  });

  protected array = this.RULE('array', (): TExpr => {
    const open = this.CONSUME(T.LBracket);
    this.SUBRULE(this.nls);
    return this.OR([
      {
        IGNORE_AMBIGUITIES: true,
        ALT: () => {
          this.CONSUME(T.For);
          let item: string | undefined;
          let index: string | undefined;
          this.OR2([
            { ALT: () => (item = this.CONSUME(T.Identifier).image) },
            {
              ALT: () => {
                this.CONSUME(T.LParen);
                item = this.CONSUME2(T.Identifier).image;
                this.CONSUME(T.Comma);
                index = this.CONSUME3(T.Identifier).image;
                this.CONSUME(T.RParen);
              },
            },
          ]);
          this.CONSUME(T.In);
          const source = this.SUBRULE(this.expr);
          this.CONSUME(T.Colon);
          this.SUBRULE2(this.nls);
          const body = this.SUBRULE(this.declValue);
          this.SUBRULE3(this.nls);
          const close = this.CONSUME(T.RBracket);
          return {
            k: 'for' as const,
            ...(item !== undefined ? { item } : {}),
            ...(index !== undefined ? { index } : {}),
            source,
            body,
            ...at(open),
            end: end(close),
          };
        },
      },
      {
        ALT: () => {
          const items: TExpr[] = [];
          this.MANY(() => {
            items.push(this.SUBRULE2(this.expr));
            this.OPTION(() => this.CONSUME2(T.Comma));
            this.SUBRULE4(this.nls);
          });
          const close = this.CONSUME2(T.RBracket);
          return { k: 'array' as const, items, ...at(open), end: end(close) };
        },
      },
    ]);
  });
}
