import type { TServiceKind } from '../types';

/**
 * Intermediate representation of an Azure deployment in the ARM resource model; the Bicep and
 * the ARM emitters both print it. Tagged values (`$`) are expressions.
 */
export interface TArmRef {
  readonly $: 'aref';
  /** Symbolic name of the referenced resource. */
  readonly symbol: string;
  /** `id`, `name`, or a runtime property path such as `properties.fullyQualifiedDomainName`. */
  readonly path: string;
}

export interface TArmParam {
  readonly $: 'param';
  readonly name: string;
}

/** Built-in functions the emitters know how to print in both languages. */
export interface TArmFn {
  readonly $: 'fn';
  readonly fn:
    'toUpper' | 'resourceGroupLocation' | 'tenantId' | 'uniqueString' | 'guid' | 'roleDefinitionId';
  readonly args: readonly TArmValue[];
}

/** A string with interpolations: Bicep `'a-${env}'`, ARM `format('a-{0}', parameters('env'))`. */
export interface TArmTemplate {
  readonly $: 'atpl';
  readonly parts: readonly (string | TArmExpr)[];
}

export type TArmExpr = TArmRef | TArmParam | TArmFn | TArmTemplate;
export type TArmValue =
  | string
  | number
  | boolean
  | null
  | TArmExpr
  | readonly TArmValue[]
  | { readonly [key: string]: TArmValue };

export interface TArmResource {
  readonly symbol: string;
  readonly type: string;
  readonly apiVersion: string;
  /** For a child resource, its own segment only; the parent's name is prefixed by the emitters. */
  readonly name: TArmValue;
  readonly parent?: string;
  /** Extension resources (role assignments): symbol of the resource they apply to. */
  readonly scope?: string;
  /** `location`, `sku`, `kind`, `identity`, `properties`, `tags`... in the order to print. */
  readonly body: Readonly<Record<string, TArmValue>>;
  readonly dependsOn?: readonly string[];
  readonly node: string;
  readonly kind: TServiceKind;
}

export interface TArmParameter {
  readonly name: string;
  readonly type: 'string' | 'int' | 'bool' | 'array' | 'object';
  readonly description: string;
  readonly secure?: boolean;
  readonly default?: TArmValue;
  readonly allowed?: readonly (string | number)[];
  /** Values for each environment's parameters file. */
  readonly perEnv?: Readonly<Record<string, string | number | boolean>>;
  /** Secure values come from this environment variable in `.bicepparam` files. */
  readonly envVar?: string;
}

/** The environment variable a parameter without a value is read from (`dbPassword` → `DB_PASSWORD`). */
export const parameterEnvVar = (p: TArmParameter): string =>
  p.envVar ?? p.name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

export interface TArmOutput {
  readonly name: string;
  readonly type: 'string' | 'int' | 'bool';
  readonly description: string;
  readonly value: TArmValue;
  readonly node: string;
  readonly kind: TServiceKind;
}

export interface TArmModel {
  readonly parameters: readonly TArmParameter[];
  readonly resources: readonly TArmResource[];
  readonly outputs: readonly TArmOutput[];
}

export const aref = (symbol: string, path = 'id'): TArmRef => ({ $: 'aref', symbol, path });
export const param = (name: string): TArmParam => ({ $: 'param', name });
export const atpl = (...parts: (string | TArmExpr)[]): TArmTemplate => ({ $: 'atpl', parts });
export const armFn = (fn: TArmFn['fn'], ...args: TArmValue[]): TArmFn => ({ $: 'fn', fn, args });

export function isArmExpr(v: unknown): v is TArmExpr {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && '$' in v;
}

export function collectArmRefs(value: unknown, into: TArmRef[] = []): TArmRef[] {
  if (Array.isArray(value)) {
    for (const v of value) collectArmRefs(v, into);
  } else if (isArmExpr(value)) {
    if (value.$ === 'aref') into.push(value);
    else if (value.$ === 'atpl') collectArmRefs(value.parts, into);
    else if (value.$ === 'fn') collectArmRefs(value.args, into);
  } else if (typeof value === 'object' && value !== null) {
    collectArmRefs(Object.values(value), into);
  }
  return into;
}

export function collectArmParams(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) collectArmParams(v, into);
  } else if (isArmExpr(value)) {
    if (value.$ === 'param') into.add(value.name);
    else if (value.$ === 'atpl') collectArmParams(value.parts, into);
    else if (value.$ === 'fn') collectArmParams(value.args, into);
  } else if (typeof value === 'object' && value !== null) {
    collectArmParams(Object.values(value), into);
  }
  return into;
}
