import { EmbeddedActionsParser, type IToken, type TokenType } from 'chevrotain';
import { ConvertError } from '../types';
import type {
  TDecorator,
  TExpr,
  TProgram,
  TProp,
  TResourceDecl,
  TStatement,
  TTypeExpr,
} from './ast';
import * as T from './lexer';

/**
 * The Bicep grammar (chevrotain, embedded actions: the rules build the syntax tree directly).
 * Newlines are tokens: they end statements and separate object properties and array items,
 * and are allowed wherever Bicep allows a line break inside brackets.
 */
const at = (t: IToken) => ({ line: t.startLine ?? 0, start: t.startOffset });
const end = (t: IToken) => (t.endOffset ?? t.startOffset) + 1;

/** The text of a string token without its quotes, escapes resolved. */
function unescape(raw: string): string {
  return raw.replace(/\\(.)/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c === '$' ? '$' : c,
  );
}

function stringBody(t: IToken, left: number, right: number): string {
  return unescape(t.image.slice(left, t.image.length - right));
}

/** `'''` strings: no escapes; a first line break right after the quotes is not part of it. */
function multiline(raw: string): string {
  return raw.slice(3, -3).replace(/^\r?\n/, '');
}

class BicepParser extends EmbeddedActionsParser {
  /**
   * Chevrotain's grammar validations cost about 100 ms at start-up and can only fail when the
   * grammar changes: a unit test runs them (checkGrammar), conversions skip them.
   */
  constructor(validate = false) {
    super(T.allTokens, { maxLookahead: 2, skipValidations: !validate });
    this.performSelfAnalysis();
  }

  private nls = this.RULE('nls', () => {
    this.MANY(() => this.CONSUME(T.NewLine));
  });

  program = this.RULE('program', (): TProgram => {
    const statements: TStatement[] = [];
    this.MANY(() =>
      this.OR([
        { ALT: () => this.CONSUME(T.NewLine) },
        { ALT: () => statements.push(this.SUBRULE(this.statement)) },
      ]),
    );
    return { statements };
  });

  private decorator = this.RULE('decorator', (): TDecorator => {
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

  private decorators = this.RULE('decorators', (): TDecorator[] => {
    const list: TDecorator[] = [];
    this.MANY(() => list.push(this.SUBRULE(this.decorator)));
    return list;
  });

  private statement = this.RULE('statement', (): TStatement => {
    const decorators = this.SUBRULE(this.decorators);
    return this.OR([
      { ALT: () => this.SUBRULE(this.targetScope) },
      { ALT: () => this.SUBRULE(this.metadata) },
      { ALT: () => this.SUBRULE(this.param, { ARGS: [decorators] }) },
      { ALT: () => this.SUBRULE(this.variable, { ARGS: [decorators] }) },
      { ALT: () => this.SUBRULE(this.resource, { ARGS: [decorators] }) },
      { ALT: () => this.SUBRULE(this.module, { ARGS: [decorators] }) },
      { ALT: () => this.SUBRULE(this.output, { ARGS: [decorators] }) },
      { ALT: () => this.SUBRULE(this.typeDecl, { ARGS: [decorators] }) },
      { ALT: () => this.SUBRULE(this.importDecl) },
      { ALT: () => this.SUBRULE(this.funcDecl) },
      { ALT: () => this.SUBRULE(this.extensionDecl) },
      { ALT: () => this.SUBRULE(this.usingDecl) },
    ]);
  });

  private targetScope = this.RULE('targetScope', (): TStatement => {
    const k = this.CONSUME(T.TargetScope);
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expr);
    return { kind: 'targetScope', ...at(k), end: value.end, value };
  });

  private metadata = this.RULE('metadata', (): TStatement => {
    const k = this.CONSUME(T.Metadata);
    const name = this.CONSUME(T.Identifier).image;
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expr);
    return { kind: 'metadata', ...at(k), end: value.end, name, value };
  });

  private param = this.RULE('param', (decorators: TDecorator[]): TStatement => {
    const k = this.CONSUME(T.Param);
    const nameTok = this.CONSUME(T.Identifier);
    // `.bicepparam` files write `param x = value`, without a type.
    const type = this.OPTION(() => this.SUBRULE(this.typeExpr));
    let value: TExpr | undefined;
    this.OPTION2(() => {
      this.CONSUME(T.Assign);
      value = this.SUBRULE(this.expr);
    });
    return {
      kind: 'param',
      ...at(k),
      end: value?.end ?? type?.end ?? end(nameTok),
      decorators,
      name: nameTok.image,
      ...(type ? { type } : {}),
      ...(value ? { value } : {}),
    };
  });

  private variable = this.RULE('variable', (decorators: TDecorator[]): TStatement => {
    const k = this.CONSUME(T.Var);
    const name = this.CONSUME(T.Identifier).image;
    this.OPTION(() => this.SUBRULE(this.typeExpr));
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expr);
    return { kind: 'var', ...at(k), end: value.end, decorators, name, value };
  });

  private resource = this.RULE('resource', (decorators: TDecorator[]): TResourceDecl => {
    const k = this.CONSUME(T.Resource);
    const name = this.CONSUME(T.Identifier).image;
    const type = stringBody(this.CONSUME(T.StringComplete), 1, 1);
    let existing = false;
    this.OPTION(() => {
      this.CONSUME(T.Existing);
      existing = true;
    });
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.declValue);
    return { kind: 'resource', ...at(k), end: value.end, decorators, name, type, existing, value };
  });

  private module = this.RULE('module', (decorators: TDecorator[]): TStatement => {
    const k = this.CONSUME(T.Module);
    const name = this.CONSUME(T.Identifier).image;
    const path = stringBody(this.CONSUME(T.StringComplete), 1, 1);
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.declValue);
    return { kind: 'module', ...at(k), end: value.end, decorators, name, path, value };
  });

  private output = this.RULE('output', (decorators: TDecorator[]): TStatement => {
    const k = this.CONSUME(T.Output);
    const name = this.CONSUME(T.Identifier).image;
    const type = this.OR([
      {
        ALT: () => {
          const r = this.CONSUME(T.Resource);
          const s = this.CONSUME(T.StringComplete);
          return { k: 'resource' as const, type: stringBody(s, 1, 1), ...at(r), end: end(s) };
        },
      },
      { ALT: () => this.SUBRULE(this.typeExpr) },
    ]);
    this.CONSUME(T.Assign);
    const value = this.SUBRULE(this.expr);
    return { kind: 'output', ...at(k), end: value.end, decorators, name, type, value };
  });

  private typeDecl = this.RULE('typeDecl', (decorators: TDecorator[]): TStatement => {
    const k = this.CONSUME(T.Type);
    const name = this.CONSUME(T.Identifier).image;
    this.CONSUME(T.Assign);
    this.SUBRULE(this.nls);
    const type = this.SUBRULE(this.typeExpr);
    return { kind: 'type', ...at(k), end: type.end, decorators, name, type };
  });

  private importDecl = this.RULE('importDecl', (): TStatement => {
    const k = this.CONSUME(T.Import);
    const names: string[] = [];
    this.OPTION(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.LCurly);
            this.SUBRULE(this.nls);
            this.MANY(() => {
              names.push(this.CONSUME(T.Identifier).image);
              this.OPTION2(() => {
                this.CONSUME(T.As);
                this.CONSUME2(T.Identifier);
              });
              this.OPTION3(() => this.CONSUME(T.Comma));
              this.SUBRULE2(this.nls);
            });
            this.CONSUME(T.RCurly);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Star);
            this.CONSUME2(T.As);
            names.push(this.CONSUME3(T.Identifier).image);
          },
        },
      ]);
      this.CONSUME(T.From);
    });
    const path = this.CONSUME(T.StringComplete);
    let last: IToken = path;
    this.OPTION4(() => {
      this.CONSUME(T.With);
      last = { ...last, endOffset: this.SUBRULE(this.object).end - 1 };
    });
    this.OPTION5(() => {
      this.CONSUME3(T.As);
      last = this.CONSUME4(T.Identifier);
    });
    const name = names.length > 0 ? names.join(', ') : stringBody(path, 1, 1);
    return { kind: 'other', keyword: 'import', name, ...at(k), end: end(last) };
  });

  private funcDecl = this.RULE('funcDecl', (): TStatement => {
    const k = this.CONSUME(T.Func);
    const name = this.CONSUME(T.Identifier).image;
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME2(T.Identifier);
        this.SUBRULE(this.typeExpr);
      },
    });
    this.CONSUME(T.RParen);
    this.SUBRULE2(this.typeExpr);
    this.CONSUME(T.Arrow);
    const body = this.SUBRULE(this.expr);
    return { kind: 'other', keyword: 'func', name, ...at(k), end: body.end };
  });

  private extensionDecl = this.RULE('extensionDecl', (): TStatement => {
    const k = this.OR([
      { ALT: () => this.CONSUME(T.Extension) },
      { ALT: () => this.CONSUME(T.Provider) },
    ]);
    let last = this.OR2([
      { ALT: () => this.CONSUME(T.StringComplete) },
      { ALT: () => this.CONSUME(T.Identifier) },
    ]);
    // OR answers a placeholder while chevrotain records the grammar.
    const name = this.RECORDING_PHASE ? '' : last.image.replace(/'/g, '');
    this.OPTION(() => {
      this.CONSUME(T.With);
      last = { ...last, endOffset: this.SUBRULE(this.object).end - 1 };
    });
    this.OPTION2(() => {
      this.CONSUME(T.As);
      last = this.CONSUME2(T.Identifier);
    });
    return { kind: 'other', keyword: k.image, name, ...at(k), end: end(last) };
  });

  private usingDecl = this.RULE('usingDecl', (): TStatement => {
    const k = this.CONSUME(T.Using);
    const s = this.CONSUME(T.StringComplete);
    return { kind: 'other', keyword: 'using', name: stringBody(s, 1, 1), ...at(k), end: end(s) };
  });

  /** The value of a resource or module: an object, `if (…) {…}` or a `[for …]` loop. */
  private declValue = this.RULE('declValue', (): TExpr => {
    return this.OR([
      { ALT: () => this.SUBRULE(this.ifBody), IGNORE_AMBIGUITIES: true },
      { ALT: () => this.SUBRULE(this.expr) },
    ]);
  });

  private ifBody = this.RULE('ifBody', (): TExpr => {
    const k = this.CONSUME(T.If);
    this.CONSUME(T.LParen);
    this.SUBRULE(this.nls);
    const cond = this.SUBRULE(this.expr);
    this.SUBRULE2(this.nls);
    this.CONSUME(T.RParen);
    const body = this.SUBRULE(this.object);
    return { k: 'if' as const, ...at(k), end: body.end, cond, body };
  });

  // ---- types ----

  typeExpr = this.RULE('typeExpr', (): TTypeExpr => {
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

  private typePostfix = this.RULE('typePostfix', (): TTypeExpr => {
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

  private typePrimary = this.RULE('typePrimary', (): TTypeExpr => {
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
          this.MANY2(() => {
            this.SUBRULE(this.decorators);
            items.push(this.SUBRULE(this.typeExpr));
            this.OPTION2(() => this.CONSUME(T.Comma));
            this.SUBRULE2(this.nls);
          });
          const close = this.CONSUME2(T.RBracket);
          return { k: 'tuple' as const, items, ...at(open), end: end(close) };
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

  private objectType = this.RULE('objectType', (): TTypeExpr => {
    const open = this.CONSUME(T.LCurly);
    this.SUBRULE(this.nls);
    const members: { key: string; type: TTypeExpr }[] = [];
    this.MANY(() => {
      this.SUBRULE(this.decorators);
      const key = this.OR([
        { ALT: () => this.CONSUME(T.Identifier).image },
        { ALT: () => stringBody(this.CONSUME(T.StringComplete), 1, 1) },
        { ALT: () => this.CONSUME(T.Star).image },
      ]);
      this.OPTION(() => this.CONSUME(T.Question));
      this.CONSUME(T.Colon);
      members.push({ key, type: this.SUBRULE(this.typeExpr) });
      this.OPTION2(() => this.CONSUME(T.Comma));
      this.SUBRULE2(this.nls);
    });
    const close = this.CONSUME(T.RCurly);
    return { k: 'object' as const, members, ...at(open), end: end(close) };
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

  private binary(
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

  private unary = this.RULE('unary', (): TExpr => {
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

  private multiplicativeExpr = this.binary(
    'multiplicativeExpr',
    [T.Star, T.Slash, T.Percent],
    (second) => (second ? this.SUBRULE2(this.unary) : this.SUBRULE(this.unary)),
  );
  private additiveExpr = this.binary('additiveExpr', [T.Plus, T.Minus], (second) =>
    second ? this.SUBRULE2(this.multiplicativeExpr) : this.SUBRULE(this.multiplicativeExpr),
  );
  private relationalExpr = this.binary(
    'relationalExpr',
    [T.LessEqual, T.Less, T.GreaterEqual, T.Greater],
    (second) => (second ? this.SUBRULE2(this.additiveExpr) : this.SUBRULE(this.additiveExpr)),
  );
  private equalityExpr = this.binary(
    'equalityExpr',
    [T.EqualEqual, T.NotEqual, T.EqualTilde, T.NotTilde],
    (second) => (second ? this.SUBRULE2(this.relationalExpr) : this.SUBRULE(this.relationalExpr)),
  );
  private andExpr = this.binary('andExpr', [T.AndAnd], (second) =>
    second ? this.SUBRULE2(this.equalityExpr) : this.SUBRULE(this.equalityExpr),
  );
  private orExpr = this.binary('orExpr', [T.OrOr], (second) =>
    second ? this.SUBRULE2(this.andExpr) : this.SUBRULE(this.andExpr),
  );
  private coalesceExpr = this.binary('coalesceExpr', [T.Coalesce], (second) =>
    second ? this.SUBRULE2(this.orExpr) : this.SUBRULE(this.orExpr),
  );

  private postfix = this.RULE('postfix', (): TExpr => {
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

  private args = this.RULE('args', (): TExpr[] => {
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

  private primary = this.RULE('primary', (): TExpr => {
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
  private isLambda(): boolean {
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

  private lambda = this.RULE('lambda', (): TExpr => {
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

  private string = this.RULE('string', (): TExpr => {
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

  private object = this.RULE('object', (): TExpr & { k: 'object' } => {
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

  private array = this.RULE('array', (): TExpr => {
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

const pos = (from: TExpr, endOffset: number) => ({
  line: from.line,
  start: from.start,
  end: endOffset,
});

let parser: BicepParser | undefined;

/** Builds the parser with chevrotain's grammar validations (ambiguities, left recursion); throws on any. */
export function checkGrammar(): void {
  new BicepParser(true);
}

/** Parses one Bicep file; a syntax error is a ConvertError naming the file and line. */
export function parseBicep(text: string, file = 'main.bicep'): TProgram {
  parser ??= new BicepParser();
  const lexed = T.tokenize(text);
  if (lexed.errors.length > 0) {
    const e = lexed.errors[0]!;
    throw new ConvertError(
      `${file}:${e.line ?? 0}: unexpected character ${JSON.stringify(text.slice(e.offset, e.offset + 1))}`,
      file,
      e.line ?? 0,
    );
  }
  parser.input = lexed.tokens;
  const program = parser.program();
  if (parser.errors.length > 0) {
    const e = parser.errors[0]!;
    const tokenLine = e.token.startLine;
    // At the end of the input the token is EOF, which has no position.
    const line = tokenLine !== undefined && tokenLine > 0 ? tokenLine : lineOf(text, text.length);
    const near = e.token.image ? ` near ${JSON.stringify(e.token.image)}` : ' at the end';
    throw new ConvertError(`${file}:${line}: Bicep syntax error${near}`, file, line);
  }
  return program;
}

export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
