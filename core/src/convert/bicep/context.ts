import type { TConvertFile, TConvertWarning, TUnconverted } from '../types';
import type { TDecorator, TExpr, TPos, TStatement, TTypeExpr } from './ast';

/** A piece of Bicep that has no ARM equivalent here: reported as unconverted with its line. */
export class Unconvertible extends Error {
  constructor(
    message: string,
    readonly at?: TPos,
  ) {
    super(message);
    this.name = 'Unconvertible';
  }
}

export interface TLoop {
  readonly item?: string;
  readonly index?: string;
  readonly source: TExpr;
}

/** A resource declaration with what the compiler derived from it. */
export interface TResourceSymbol {
  readonly symbol: string;
  readonly fullType: string;
  readonly apiVersion: string;
  readonly existing: boolean;
  /** Set once every declaration is known (a parent may come later in the file). */
  parent?: TResourceSymbol;
  readonly body: TExpr & { k: 'object' };
  readonly nameExpr?: TExpr;
  readonly scope?: TExpr;
  readonly loop?: TLoop;
  readonly condition?: TExpr;
  readonly decorators: readonly TDecorator[];
  readonly at: TPos;
}

export interface TModuleSymbol {
  readonly symbol: string;
  readonly path: string;
  readonly body: TExpr & { k: 'object' };
  readonly loop?: TLoop;
  readonly condition?: TExpr;
  readonly at: TPos;
}

export type TParamStatement = TStatement & { kind: 'param' };
export type TFuncStatement = TStatement & { kind: 'func' };

/** A declaration brought in by `import`: its statement and the file it is compiled in. */
export interface TImported<T> {
  readonly stmt: T;
  readonly home: TFileSymbols;
  /** The name in the template (`import * as ns`: the declaration's own name). */
  readonly armName?: string;
}
export type TVarStatement = TStatement & { kind: 'var' };

/** An `extension` declaration: the provider and version ARM's `imports` name it by. */
export interface TExtension {
  readonly alias: string;
  readonly provider: string;
  readonly version: string;
  readonly config?: TExpr;
  readonly at: TPos;
}

export interface TFileSymbols {
  readonly file: string;
  readonly text: string;
  readonly targetScope: string;
  /**
   * Written as a languageVersion 2.0 template (`definitions`, resources keyed by symbolic
   * name): the file declares types or extensions, or types a parameter or output with an
   * object, tuple or nullable type.
   */
  readonly symbolic: boolean;
  /** `extension` declarations by alias. */
  readonly extensions: Map<string, TExtension>;
  /** Types declared in this file (not imported), with their decorators. */
  readonly typeDecls: Map<string, TStatement & { kind: 'type' }>;
  readonly params: Map<string, TParamStatement>;
  readonly vars: Map<string, TVarStatement>;
  readonly types: Map<string, TTypeExpr>;
  /** Top-level symbols, and nested ones as `parent::child`. */
  readonly resources: Map<string, TResourceSymbol>;
  readonly modules: Map<string, TModuleSymbol>;
  /** User-defined functions, declared here or imported, by the name calls use. */
  readonly funcs: Map<string, TImported<TFuncStatement>>;
  /** Variables imported from other files, by the name used here. */
  readonly imported: Map<string, TImported<TVarStatement>>;
  /** `import * as ns`: the namespace's file. */
  readonly namespaces: Map<string, TFileSymbols>;
}

/** A binding of a loop or lambda variable to the ARM expression it stands for. */
export type TEnv = ReadonlyMap<string, string>;

/** What compiling one expression needs, and what it records. */
export interface TExprContext {
  readonly symbols: TFileSymbols;
  readonly files: readonly TConvertFile[];
  readonly env: TEnv;
  /** `dependsOn` entries found (key → ARM value), when compiling a resource or module. */
  readonly deps?: Map<string, string>;
  /** Set when the expression reads runtime state (`reference()`, `list*()`). */
  runtime?: boolean;
  /** Variables being inlined, to stop a cycle. */
  readonly inlining?: ReadonlySet<string>;
  /** Every variable inlined (an imported variable's value, compiled in its own file). */
  readonly inlineVars?: boolean;
}

export const DEPLOYMENTS_API = '2022-09-01';

export const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

export interface TReport {
  readonly warnings: TConvertWarning[];
  readonly unconverted: TUnconverted[];
}

/** One Bicep file compiled: its template and the scope it deploys to. */
export interface TCompiled {
  readonly template: Record<string, unknown>;
  readonly targetScope: string;
}
