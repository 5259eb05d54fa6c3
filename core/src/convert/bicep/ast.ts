/**
 * The Bicep syntax tree the parser builds. Every node keeps its 1-based line and its source
 * offsets, so what cannot be converted is reported with the line and the text it came from.
 */
export interface TPos {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

export type TExpr = TPos &
  (
    | { readonly k: 'str'; readonly parts: readonly (string | TExpr)[] }
    | { readonly k: 'int'; readonly value: number }
    | { readonly k: 'bool'; readonly value: boolean }
    | { readonly k: 'null' }
    | { readonly k: 'id'; readonly name: string }
    | {
        readonly k: 'call';
        readonly ns?: string;
        readonly name: string;
        readonly args: readonly TExpr[];
      }
    | {
        readonly k: 'method';
        readonly target: TExpr;
        readonly name: string;
        readonly args: readonly TExpr[];
      }
    | {
        readonly k: 'member';
        readonly target: TExpr;
        readonly name: string;
        readonly safe: boolean;
      }
    | { readonly k: 'index'; readonly target: TExpr; readonly index: TExpr; readonly safe: boolean }
    | { readonly k: 'child'; readonly target: TExpr; readonly name: string }
    | { readonly k: 'unary'; readonly op: '!' | '-'; readonly operand: TExpr }
    | { readonly k: 'nonNull'; readonly operand: TExpr }
    | { readonly k: 'binary'; readonly op: string; readonly left: TExpr; readonly right: TExpr }
    | { readonly k: 'ternary'; readonly cond: TExpr; readonly then: TExpr; readonly else: TExpr }
    | {
        readonly k: 'object';
        readonly props: readonly TProp[];
        readonly resources: readonly TResourceDecl[];
      }
    | { readonly k: 'array'; readonly items: readonly TExpr[] }
    | {
        readonly k: 'for';
        readonly item?: string;
        readonly index?: string;
        readonly source: TExpr;
        readonly body: TExpr;
      }
    | { readonly k: 'if'; readonly cond: TExpr; readonly body: TExpr }
    | { readonly k: 'lambda'; readonly params: readonly string[]; readonly body: TExpr }
  );

export interface TProp extends TPos {
  readonly key: string;
  readonly value: TExpr;
}

/** A type as written after `param x`, `output x`, `type t =`. */
export type TTypeExpr = TPos &
  (
    | { readonly k: 'name'; readonly name: string }
    | { readonly k: 'literal'; readonly value: string | number | boolean | null }
    | { readonly k: 'array'; readonly item: TTypeExpr }
    | { readonly k: 'nullable'; readonly inner: TTypeExpr }
    | { readonly k: 'union'; readonly members: readonly TTypeExpr[] }
    | { readonly k: 'object'; readonly members: readonly TTypeMember[] }
    | {
        readonly k: 'tuple';
        readonly items: readonly TTypeExpr[];
        /** Each item's decorators (`@description`), by position. */
        readonly decorators?: readonly (readonly TDecorator[])[];
      }
    | { readonly k: 'resource'; readonly type: string }
  );

/** A property of an object type: `@minLength(3) name?: string`, or `*: string` for the rest. */
export interface TTypeMember {
  readonly key: string;
  readonly type: TTypeExpr;
  readonly optional?: boolean;
  readonly decorators?: readonly TDecorator[];
}

export interface TDecorator extends TPos {
  readonly name: string;
  readonly args: readonly TExpr[];
}

export interface TResourceDecl extends TPos {
  readonly kind: 'resource';
  readonly decorators: readonly TDecorator[];
  readonly name: string;
  /** `Microsoft.X/y@2023-01-01`, or a child's relative `y@…` / `y` inside its parent. */
  readonly type: string;
  readonly existing: boolean;
  readonly value: TExpr;
}

export type TStatement =
  | (TPos & { readonly kind: 'targetScope'; readonly value: TExpr })
  | (TPos & { readonly kind: 'metadata'; readonly name: string; readonly value: TExpr })
  | (TPos & {
      readonly kind: 'param';
      readonly decorators: readonly TDecorator[];
      readonly name: string;
      /** Absent in `.bicepparam` files. */
      readonly type?: TTypeExpr;
      readonly value?: TExpr;
    })
  | (TPos & {
      readonly kind: 'var';
      readonly decorators: readonly TDecorator[];
      readonly name: string;
      readonly value: TExpr;
    })
  | TResourceDecl
  | (TPos & {
      readonly kind: 'module';
      readonly decorators: readonly TDecorator[];
      readonly name: string;
      readonly path: string;
      readonly value: TExpr;
    })
  | (TPos & {
      readonly kind: 'output';
      readonly decorators: readonly TDecorator[];
      readonly name: string;
      readonly type: TTypeExpr;
      readonly value: TExpr;
    })
  | (TPos & {
      readonly kind: 'type';
      readonly decorators: readonly TDecorator[];
      readonly name: string;
      readonly type: TTypeExpr;
    })
  | (TPos & {
      readonly kind: 'func';
      readonly decorators: readonly TDecorator[];
      readonly name: string;
      readonly params: readonly { readonly name: string; readonly type: TTypeExpr }[];
      readonly output: TTypeExpr;
      readonly body: TExpr;
    })
  /** `import { a, b as c } from 'x.bicep'` (`names`) or `import * as ns from 'x.bicep'` (`wildcard`). */
  | (TPos & {
      readonly kind: 'import';
      readonly path: string;
      readonly names: readonly { readonly name: string; readonly alias: string }[];
      readonly wildcard?: string;
    })
  /** `extension kubernetes with { … } as k8s`, `extension 'br:…' as graph`, `provider …`. */
  | (TPos & {
      readonly kind: 'extension';
      /** The name or the quoted registry reference, as written. */
      readonly name: string;
      readonly alias?: string;
      readonly config?: TExpr;
    })
  /** `using`, an import with `with`: parsed, kept for the report. */
  | (TPos & { readonly kind: 'other'; readonly keyword: string; readonly name: string });

export interface TProgram {
  readonly statements: readonly TStatement[];
}
