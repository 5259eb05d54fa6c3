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
    | 'toUpper'
    | 'resourceGroupLocation'
    /** The deployment's resource group name (Azure Backup item names embed it). */
    | 'resourceGroupName'
    | 'tenantId'
    | 'uniqueString'
    | 'guid'
    | 'roleDefinitionId'
    | 'string'
    /** Base64 of a string (a VM's `userData`); an object argument of `string` is its JSON. */
    | 'base64'
    | 'mul'
    | 'if';
  readonly args: readonly TArmValue[];
}

/** A string with interpolations: Bicep `'a-${env}'`, ARM `format('a-{0}', parameters('env'))`. */
export interface TArmTemplate {
  readonly $: 'atpl';
  readonly parts: readonly (string | TArmExpr)[];
}

/**
 * `resourceId(type, name, ...)`: the id of a resource by its type and name segments. Needed where
 * no symbol exists or a symbolic reference would be a cycle, as for the sub-resources a resource
 * declares in its own body (a load balancer's rules naming its frontend IP configuration, backend
 * pool and probe). Names an id only: it adds no dependency.
 */
export interface TArmResourceId {
  readonly $: 'rid';
  readonly type: string;
  readonly names: readonly TArmValue[];
}

/** `{ key: value, ... }[index]`: one of several literal values picked by a parameter. */
export interface TArmLookup {
  readonly $: 'lookup';
  readonly table: Readonly<Record<string, string | number | boolean>>;
  readonly index: TArmExpr;
}

/**
 * An object whose keys are expressions, as `identity.userAssignedIdentities` wants the identity's
 * resource id as a key: Bicep `{ '${identity.id}': {} }`, ARM `{ "[resourceId(...)]": {} }`.
 */
export interface TArmKeyedObject {
  readonly $: 'keyed';
  readonly entries: readonly { readonly key: TArmExpr; readonly value: TArmValue }[];
}

export type TArmExpr =
  TArmRef | TArmParam | TArmFn | TArmTemplate | TArmResourceId | TArmLookup | TArmKeyedObject;
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
  /** A nested deployment (`Microsoft.Resources/deployments`): the template it deploys. */
  readonly template?: TArmNestedTemplate;
  /**
   * Deployed elsewhere, declared to be a parent or a reference (Bicep `existing`): ARM writes no
   * resource and no dependency for it, only its name and id where they are used.
   */
  readonly existing?: boolean;
  readonly node: string;
  readonly kind: TServiceKind;
}

/**
 * The template of a nested deployment, evaluated in its own scope: ARM inlines it, Bicep writes
 * it as the module `modules/<file>.bicep`, one file for every deployment of it. For a resource
 * whose name is only known once the outer deployment runs (a PostgreSQL Entra administrator is
 * named by an identity's object id): neither ARM nor Bicep takes a runtime value in a name, a
 * nested deployment's parameter is a constant inside it. Its parameters' values are the
 * deployment's `properties.parameters`, in its body, so references there wire as any other.
 */
export interface TArmNestedTemplate {
  readonly file: string;
  readonly model: TArmModel;
}

/** API version of `Microsoft.Resources/deployments` (what Bicep writes for a module). */
export const DEPLOYMENTS_API = '2022-09-01';

export interface TArmParameter {
  readonly name: string;
  readonly type: 'string' | 'int' | 'bool' | 'array' | 'object';
  readonly description: string;
  readonly secure?: boolean;
  readonly default?: TArmValue;
  readonly allowed?: readonly (string | number)[];
  /** The shortest string accepted (`minLength`): 1 refuses an empty value of a required input. */
  readonly minLength?: number;
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
  readonly type: 'string' | 'int' | 'bool' | 'object';
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
export const resourceId = (type: string, ...names: TArmValue[]): TArmResourceId => ({
  $: 'rid',
  type,
  names,
});

/**
 * Id of a sub-resource declared in the body of its parent (`frontendIPConfigurations`,
 * `backendAddressPools`, `probes`...): `parentType/child` with the parent's name and its own.
 */
export const childId = (
  parentType: string,
  parentName: TArmValue,
  child: string,
  name: string,
): TArmResourceId => resourceId(`${parentType}/${child}`, parentName, name);

export function isArmExpr(v: unknown): v is TArmExpr {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && '$' in v;
}

/** The values an expression is built from (none for references and parameters). */
export function exprChildren(e: TArmExpr): readonly TArmValue[] {
  switch (e.$) {
    case 'atpl':
      return e.parts;
    case 'fn':
      return e.args;
    case 'rid':
      return e.names;
    case 'lookup':
      return [e.index];
    case 'keyed':
      return e.entries.flatMap((x) => [x.key, x.value]);
    default:
      return [];
  }
}

export function collectArmRefs(value: unknown, into: TArmRef[] = []): TArmRef[] {
  if (Array.isArray(value)) {
    for (const v of value) collectArmRefs(v, into);
  } else if (isArmExpr(value)) {
    if (value.$ === 'aref') into.push(value);
    else collectArmRefs(exprChildren(value), into);
  } else if (typeof value === 'object' && value !== null) {
    // Walked in place: an array of every object's values was most of this walk's garbage.
    const record = value as Record<string, unknown>;
    for (const k in record) collectArmRefs(record[k], into);
  }
  return into;
}

export function collectArmParams(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) collectArmParams(v, into);
  } else if (isArmExpr(value)) {
    if (value.$ === 'param') into.add(value.name);
    else collectArmParams(exprChildren(value), into);
  } else if (typeof value === 'object' && value !== null) {
    collectArmParams(Object.values(value), into);
  }
  return into;
}

/** Rebuilds a value with expressions passed through `f`; unchanged parts are shared, not copied. */
export function mapArm(v: TArmValue, f: (e: TArmValue) => TArmValue | undefined): TArmValue {
  if (v === null || typeof v !== 'object') return v;
  const mapped = f(v);
  if (mapped !== undefined) return mapped;
  // Copied on the first change only: most values of a module are not rewired, and copying
  // every object and array of every body was most of this pass's time.
  if (Array.isArray(v)) {
    const items = v as readonly TArmValue[];
    let next: TArmValue[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const x = mapArm(items[i]!, f);
      if (next) next.push(x);
      else if (x !== items[i]) {
        next = items.slice(0, i);
        next.push(x);
      }
    }
    return next ?? items;
  }
  if (isArmExpr(v)) {
    if (v.$ === 'atpl') {
      const parts = v.parts.map((p) => (typeof p === 'string' ? p : (mapArm(p, f) as typeof p)));
      return parts.every((p, i) => p === v.parts[i]) ? v : { $: 'atpl', parts };
    }
    if (v.$ === 'fn') return { ...v, args: v.args.map((a) => mapArm(a, f)) };
    if (v.$ === 'rid') return { ...v, names: v.names.map((a) => mapArm(a, f)) };
    if (v.$ === 'lookup') return { ...v, index: mapArm(v.index, f) as typeof v.index };
    if (v.$ === 'keyed')
      return {
        ...v,
        entries: v.entries.map((x) => ({
          key: mapArm(x.key, f) as typeof x.key,
          value: mapArm(x.value, f),
        })),
      };
    return v;
  }
  const record = v as Record<string, TArmValue>;
  let next: Record<string, TArmValue> | undefined;
  for (const k in record) {
    const old = record[k]!;
    const x = mapArm(old, f);
    if (next) next[k] = x;
    else if (x !== old) {
      next = {};
      for (const j in record) {
        if (j === k) break;
        next[j] = record[j]!;
      }
      next[k] = x;
    }
  }
  return next ?? v;
}
