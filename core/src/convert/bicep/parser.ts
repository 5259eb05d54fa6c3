import type { IToken } from 'chevrotain';
import { ConvertError } from '../types';
import type { TDecorator, TExpr, TProgram, TResourceDecl, TStatement, TTypeExpr } from './ast';
import * as T from './lexer';
import { at, end, stringBody } from './parser-base';
import { BicepTypeParser } from './parser-types';

/**
 * The Bicep grammar (chevrotain, embedded actions: the rules build the syntax tree directly):
 * statements and the entry point. Newlines are tokens: they end statements and separate object
 * properties and array items, and are allowed wherever Bicep allows a line break inside brackets.
 */
class BicepParser extends BicepTypeParser {
  constructor(validate = false) {
    super(validate);
    this.performSelfAnalysis();
  }

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
      { ALT: () => this.SUBRULE(this.funcDecl, { ARGS: [decorators] }) },
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

  protected resource = this.RULE('resource', (decorators: TDecorator[]): TResourceDecl => {
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
    const names: { name: string; alias: string }[] = [];
    let wildcard: string | undefined;
    let compileTime = false;
    this.OPTION(() => {
      compileTime = true;
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.LCurly);
            this.SUBRULE(this.nls);
            this.MANY(() => {
              const name = this.CONSUME(T.Identifier).image;
              let alias = name;
              this.OPTION2(() => {
                this.CONSUME(T.As);
                alias = this.CONSUME2(T.Identifier).image;
              });
              names.push({ name, alias });
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
            wildcard = this.CONSUME3(T.Identifier).image;
          },
        },
      ]);
      this.CONSUME(T.From);
    });
    const pathTok = this.CONSUME(T.StringComplete);
    let last: IToken = pathTok;
    let config: TExpr | undefined;
    let alias: string | undefined;
    this.OPTION4(() => {
      this.CONSUME(T.With);
      const value = this.SUBRULE(this.object);
      config = value;
      last = { ...last, endOffset: value.end - 1 };
    });
    this.OPTION5(() => {
      this.CONSUME3(T.As);
      last = this.CONSUME4(T.Identifier);
      alias = last.image;
    });
    if (this.RECORDING_PHASE)
      return { kind: 'other', keyword: 'import', name: '', line: 0, start: 0, end: 0 };
    const path = stringBody(pathTok, 1, 1);
    const span = { ...at(k), end: end(last) };
    // `import 'kubernetes@1.0.0' with { … } as k8s`: the syntax extensions had before `extension`.
    if (!compileTime || config)
      return {
        kind: 'extension',
        name: path,
        ...(alias ? { alias } : {}),
        ...(config ? { config } : {}),
        ...span,
      };
    return { kind: 'import', path, names, ...(wildcard ? { wildcard } : {}), ...span };
  });

  private funcDecl = this.RULE('funcDecl', (decorators: TDecorator[]): TStatement => {
    const k = this.CONSUME(T.Func);
    const name = this.CONSUME(T.Identifier).image;
    this.CONSUME(T.LParen);
    const params: { name: string; type: TTypeExpr }[] = [];
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const p = this.CONSUME2(T.Identifier).image;
        params.push({ name: p, type: this.SUBRULE(this.typeExpr) });
      },
    });
    this.CONSUME(T.RParen);
    const output = this.SUBRULE2(this.typeExpr);
    this.CONSUME(T.Arrow);
    this.SUBRULE(this.nls);
    const body = this.SUBRULE(this.expr);
    return { kind: 'func', ...at(k), end: body.end, decorators, name, params, output, body };
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
    let config: TExpr | undefined;
    let alias: string | undefined;
    this.OPTION(() => {
      this.CONSUME(T.With);
      const value = this.SUBRULE(this.object);
      config = value;
      last = { ...last, endOffset: value.end - 1 };
    });
    this.OPTION2(() => {
      this.CONSUME(T.As);
      last = this.CONSUME2(T.Identifier);
      alias = last.image;
    });
    return {
      kind: 'extension',
      name,
      ...(alias ? { alias } : {}),
      ...(config ? { config } : {}),
      ...at(k),
      end: end(last),
    };
  });

  private usingDecl = this.RULE('usingDecl', (): TStatement => {
    const k = this.CONSUME(T.Using);
    const s = this.CONSUME(T.StringComplete);
    return { kind: 'other', keyword: 'using', name: stringBody(s, 1, 1), ...at(k), end: end(s) };
  });
}

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
