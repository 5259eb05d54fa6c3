import type { TDecorator, TTypeExpr, TTypeMember } from './ast';
import * as T from './lexer';
import { at, end, stringBody } from './parser-base';
import { BicepValueParser } from './parser-values';

/** The Bicep grammar's types: names, literals, unions, arrays, nullables, objects and tuples. */
export abstract class BicepTypeParser extends BicepValueParser {
  // ---- types ----

  protected typeExpr = this.RULE('typeExpr', (): TTypeExpr => {
    const first = this.SUBRULE(this.typePostfix);
    const members = [first];
    this.MANY(() => {
      this.CONSUME(T.Pipe);
      this.SUBRULE(this.nls);
      members.push(this.SUBRULE2(this.typePostfix));
    });
    return members.length === 1
      ? first
      : {
          k: 'union' as const,
          line: first.line,
          start: first.start,
          end: members[members.length - 1]!.end,
          members,
        };
  });

  protected typePostfix = this.RULE('typePostfix', (): TTypeExpr => {
    let t = this.SUBRULE(this.typePrimary);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.LBracket);
            const close = this.CONSUME(T.RBracket);
            t = { k: 'array' as const, item: t, line: t.line, start: t.start, end: end(close) };
          },
        },
        {
          ALT: () => {
            const q = this.CONSUME(T.Question);
            t = { k: 'nullable' as const, inner: t, line: t.line, start: t.start, end: end(q) };
          },
        },
      ]),
    );
    return t;
  });

  protected typePrimary = this.RULE('typePrimary', (): TTypeExpr => {
    return this.OR([
      {
        ALT: () => {
          const first = this.CONSUME(T.Identifier);
          let name = first.image;
          let last = first;
          this.MANY(() => {
            this.CONSUME(T.Dot);
            last = this.CONSUME2(T.Identifier);
            name += `.${last.image}`;
          });
          return { k: 'name' as const, name, ...at(first), end: end(last) };
        },
      },
      {
        ALT: () => {
          const s = this.CONSUME(T.StringComplete);
          return { k: 'literal' as const, value: stringBody(s, 1, 1), ...at(s), end: end(s) };
        },
      },
      {
        ALT: () => {
          let sign = 1;
          const m = this.OPTION(() => this.CONSUME(T.Minus));
          if (m) sign = -1;
          const n = this.CONSUME(T.Integer);
          return {
            k: 'literal' as const,
            value: sign * Number(n.image),
            ...at(m ?? n),
            end: end(n),
          };
        },
      },
      {
        ALT: () => {
          const t = this.OR2([
            { ALT: () => this.CONSUME(T.True) },
            { ALT: () => this.CONSUME(T.False) },
            { ALT: () => this.CONSUME(T.Null) },
          ]);
          const value = t.image === 'null' ? null : t.image === 'true';
          return { k: 'literal' as const, value, ...at(t), end: end(t) };
        },
      },
      { ALT: () => this.SUBRULE(this.objectType) },
      {
        ALT: () => {
          const open = this.CONSUME(T.LBracket);
          this.SUBRULE(this.nls);
          const items: TTypeExpr[] = [];
          const decorators: TDecorator[][] = [];
          this.MANY2(() => {
            decorators.push(this.SUBRULE(this.decorators));
            items.push(this.SUBRULE(this.typeExpr));
            this.OPTION2(() => this.CONSUME(T.Comma));
            this.SUBRULE2(this.nls);
          });
          const close = this.CONSUME2(T.RBracket);
          return { k: 'tuple' as const, items, decorators, ...at(open), end: end(close) };
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          const inner = this.SUBRULE2(this.typeExpr);
          this.CONSUME(T.RParen);
          return inner;
        },
      },
    ]);
  });

  protected objectType = this.RULE('objectType', (): TTypeExpr => {
    const open = this.CONSUME(T.LCurly);
    this.SUBRULE(this.nls);
    const members: TTypeMember[] = [];
    this.MANY(() => {
      const decorators = this.SUBRULE(this.decorators);
      const key = this.OR([
        { ALT: () => this.CONSUME(T.Identifier).image },
        { ALT: () => stringBody(this.CONSUME(T.StringComplete), 1, 1) },
        { ALT: () => this.CONSUME(T.Star).image },
      ]);
      const optional = this.OPTION(() => this.CONSUME(T.Question)) !== undefined;
      this.CONSUME(T.Colon);
      const type = this.SUBRULE(this.typeExpr);
      members.push({ key, type, ...(optional ? { optional } : {}), decorators });
      this.OPTION2(() => this.CONSUME(T.Comma));
      this.SUBRULE2(this.nls);
    });
    const close = this.CONSUME(T.RCurly);
    return { k: 'object' as const, members, ...at(open), end: end(close) };
  });
}
