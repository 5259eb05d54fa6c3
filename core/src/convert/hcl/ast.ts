/**
 * The syntax tree of the HCL native syntax (hashicorp/hcl `hclsyntax/spec.md`), with the 1-based
 * line of every node so the importer can say where each piece came from.
 */

/** One step after the root of a traversal: `.name`, `[expr]`, or a splat (`.*`, `[*]`). */
export type THclStep =
  | { readonly k: 'attr'; readonly name: string }
  | { readonly k: 'index'; readonly index: THclExpr }
  | { readonly k: 'splat'; readonly full: boolean };

/** A template part: literal text, an interpolation, or an `%{if}`/`%{for}` directive. */
export type THclTemplatePart =
  | string
  | { readonly k: 'interp'; readonly expr: THclExpr }
  | {
      readonly k: 'if';
      readonly cond: THclExpr;
      readonly then: readonly THclTemplatePart[];
      readonly else: readonly THclTemplatePart[];
    }
  | {
      readonly k: 'for';
      readonly keyVar?: string;
      readonly valueVar: string;
      readonly collection: THclExpr;
      readonly body: readonly THclTemplatePart[];
    };

export type THclExpr = { readonly line: number } & (
  | { readonly k: 'literal'; readonly value: string | number | boolean | null }
  | { readonly k: 'template'; readonly parts: readonly THclTemplatePart[]; readonly heredoc?: true }
  | { readonly k: 'variable'; readonly name: string }
  | { readonly k: 'traversal'; readonly target: THclExpr; readonly steps: readonly THclStep[] }
  | {
      readonly k: 'call';
      readonly fn: string;
      readonly args: readonly THclExpr[];
      readonly expandFinal: boolean;
    }
  | { readonly k: 'tuple'; readonly items: readonly THclExpr[] }
  | {
      readonly k: 'object';
      readonly items: readonly { readonly key: THclExpr; readonly value: THclExpr }[];
    }
  | {
      readonly k: 'conditional';
      readonly cond: THclExpr;
      readonly then: THclExpr;
      readonly else: THclExpr;
    }
  | { readonly k: 'binary'; readonly op: string; readonly left: THclExpr; readonly right: THclExpr }
  | { readonly k: 'unary'; readonly op: '-' | '!'; readonly operand: THclExpr }
  | {
      readonly k: 'for';
      readonly keyVar?: string;
      readonly valueVar: string;
      readonly collection: THclExpr;
      /** Object `for` only (`{ for k, v in m : k => v }`). */
      readonly keyExpr?: THclExpr;
      readonly valueExpr: THclExpr;
      readonly cond?: THclExpr;
      readonly grouping: boolean;
    }
  | { readonly k: 'paren'; readonly expr: THclExpr }
);

export interface THclAttribute {
  readonly name: string;
  readonly expr: THclExpr;
  readonly line: number;
  /** The attribute's source text (for what could not be converted). */
  readonly text: string;
}

export interface THclBlock {
  readonly type: string;
  readonly labels: readonly string[];
  readonly body: THclBody;
  readonly line: number;
  readonly endLine: number;
  readonly text: string;
}

export interface THclBody {
  readonly attributes: readonly THclAttribute[];
  readonly blocks: readonly THclBlock[];
}

export interface THclFile {
  readonly path: string;
  readonly body: THclBody;
}
