import type { TDecorator, TTypeExpr } from './ast';
import { Unconvertible, type TExprContext, type TFileSymbols } from './context';
import { toJson } from './json-to-arm';
import { decorator, metadataOf } from './decorators';

/**
 * Bicep types → the type schemas of a languageVersion 2.0 template, as `bicep build` writes them
 * (Azure/bicep, src/Bicep.Core.Samples/Files/baselines/TypeDeclarations_LF/main.json): a declared
 * type is `{ "$ref": "#/definitions/name" }`, objects have `properties` and
 * `additionalProperties` (`*:`, or false when `@sealed()`), optional members `nullable`, arrays
 * `items`, tuples `prefixItems`, unions of literals `allowedValues` (sorted as Bicep sorts them),
 * `@discriminator` unions a `discriminator` mapping; decorators become constraints and `metadata`.
 * See https://learn.microsoft.com/azure/azure-resource-manager/bicep/user-defined-data-types.
 */
type TJson = Record<string, unknown>;

const BUILT_IN = new Set(['string', 'int', 'bool', 'object', 'array']);

/** Bicep's order of allowed values: strings, numbers, then false/null/true, then objects. */
function sortAllowed(values: unknown[]): unknown[] {
  const rank = (v: unknown) =>
    typeof v === 'string' ? 0 : typeof v === 'number' ? 1 : typeof v === 'object' && v ? 3 : 2;
  const text = (v: unknown) => JSON.stringify(v);
  return [...values].sort((a, b) => {
    const r = rank(a) - rank(b);
    if (r !== 0) return r;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    const [x, y] = typeof a === 'string' ? [a, b as string] : [text(a), text(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** A name that is a type declared in (or imported by name into) the file: a `$ref`. */
const isDefinition = (name: string, symbols: TFileSymbols) =>
  symbols.types.has(name) && !name.includes('.');

/** The declaration a type name stands for, through aliases (`type a = b`). */
function resolve(t: TTypeExpr, symbols: TFileSymbols, seen = new Set<string>()): TTypeExpr {
  if (t.k === 'nullable') return resolve(t.inner, symbols, seen);
  if (t.k !== 'name' || seen.has(t.name)) return t;
  const found = symbols.types.get(t.name) ?? memberOf(t.name, symbols);
  return found ? resolve(found, symbols, new Set([...seen, t.name])) : t;
}

/** `config.sku`: a member of a declared object type. */
function memberOf(name: string, symbols: TFileSymbols): TTypeExpr | undefined {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const owner = resolve(
    { k: 'name', name: name.slice(0, dot), line: 0, start: 0, end: 0 },
    symbols,
  );
  const key = name.slice(dot + 1);
  return owner.k === 'object' ? owner.members.find((m) => m.key === key)?.type : undefined;
}

/** The literal values of a union (members resolved through aliases), or undefined. */
function literals(t: TTypeExpr, symbols: TFileSymbols): unknown[] | undefined {
  const r = resolve(t, symbols);
  if (r.k === 'literal') return [r.value];
  if (r.k === 'union') {
    const parts = r.members.map((m) => literals(m, symbols));
    return parts.every((p) => p !== undefined) ? [...new Set(parts.flat())] : undefined;
  }
  return undefined;
}

const SCALAR: Readonly<Record<string, string>> = {
  number: 'int',
  boolean: 'bool',
  string: 'string',
};
const typeOfValue = (v: unknown) => SCALAR[typeof v] ?? (Array.isArray(v) ? 'array' : 'object');

/** `@discriminator('type')` over a union: one mapping entry per member, by its tag. */
function discriminated(t: TTypeExpr & { k: 'union' }, property: string, ctx: TExprContext): TJson {
  const mapping: TJson = {};
  const add = (m: TTypeExpr) => {
    const r = resolve(m, ctx.symbols);
    if (r.k === 'union') return r.members.forEach(add);
    const tag = r.k === 'object' ? r.members.find((x) => x.key === property)?.type : undefined;
    const value = tag ? literals(tag, ctx.symbols) : undefined;
    if (typeof value?.[0] !== 'string' || value.length !== 1)
      throw new Unconvertible(`a member of the discriminated union has no literal ${property}`, m);
    mapping[value[0]] =
      m.k === 'name' && isDefinition(m.name, ctx.symbols)
        ? typeJson(m, [], ctx)
        : typeJson(r, [], ctx);
  };
  t.members.forEach(add);
  return { type: 'object', discriminator: { propertyName: property, mapping } };
}

/** A type with its decorators → its ARM type schema. */
export function typeJson(
  t: TTypeExpr,
  decorators: readonly TDecorator[],
  ctx: TExprContext,
): TJson {
  const out = shape(t, decorators, ctx);
  if (decorator(decorators, 'sealed')) out['additionalProperties'] = false;
  if (decorator(decorators, 'secure'))
    out['type'] = out['type'] === 'object' ? 'secureObject' : 'securestring';
  for (const k of ['minValue', 'maxValue', 'minLength', 'maxLength']) {
    const d = decorator(decorators, k);
    if (d?.args[0]) out[k] = toJson(d.args[0], ctx);
  }
  const metadata = metadataOf(decorators, ctx) ?? {};
  if (decorator(decorators, 'export')) metadata['__bicep_export!'] = true;
  if (Object.keys(metadata).length > 0) out['metadata'] = metadata;
  return out;
}

function shape(t: TTypeExpr, decorators: readonly TDecorator[], ctx: TExprContext): TJson {
  const symbols = ctx.symbols;
  const tag = decorator(decorators, 'discriminator')?.args[0];
  const property =
    tag?.k === 'str' && tag.parts.length === 1 ? (tag.parts[0] as string) : undefined;
  switch (t.k) {
    case 'name':
      if (BUILT_IN.has(t.name)) return { type: t.name };
      if (t.name === 'any') throw new Unconvertible('the any type', t);
      if (isDefinition(t.name, symbols)) return { $ref: `#/definitions/${t.name}` };
      return shape(resolve(t, symbols), decorators, ctx);
    case 'literal':
      return { type: typeOfValue(t.value), allowedValues: [t.value] };
    case 'nullable':
      return { ...shape(t.inner, decorators, ctx), nullable: true };
    case 'array': {
      // An inline union of literals is the array's allowed values; a named type its items.
      const inline = t.item.k === 'union' || t.item.k === 'literal';
      const allowed = inline ? literals(t.item, symbols) : undefined;
      if (allowed) return { type: 'array', allowedValues: sortAllowed(allowed) };
      return { type: 'array', items: typeJson(t.item, [], ctx) };
    }
    case 'tuple':
      return {
        type: 'array',
        prefixItems: t.items.map((item, i) => typeJson(item, t.decorators?.[i] ?? [], ctx)),
        items: false,
      };
    case 'union': {
      if (property) return discriminated(t, property, ctx);
      const allowed = literals(t, symbols);
      if (!allowed)
        throw new Unconvertible('a union of types that are not literals needs @discriminator', t);
      const types = new Set(allowed.map(typeOfValue));
      return {
        type:
          types.size === 1
            ? [...types][0]!
            : allowed.some((v) => Array.isArray(v))
              ? 'array'
              : 'object',
        allowedValues: sortAllowed(allowed),
      };
    }
    case 'object': {
      const properties: TJson = {};
      const out: TJson = { type: 'object' };
      for (const m of t.members) {
        const json = typeJson(m.type, m.decorators ?? [], ctx);
        if (m.optional) json['nullable'] = true;
        if (m.key === '*') out['additionalProperties'] = json;
        else properties[m.key] = json;
      }
      if (Object.keys(properties).length > 0) out['properties'] = properties;
      return out;
    }
    case 'resource':
      throw new Unconvertible('a resource-typed parameter or output', t);
  }
}

/** The `definitions` section: every type declared in the file, or imported by name. */
export function definitionsJson(
  symbols: TFileSymbols,
  ctx: TExprContext,
  fail: (name: string, e: Unconvertible) => void,
): TJson {
  const out: TJson = {};
  for (const [name, type] of symbols.types) {
    if (name.includes('.')) continue;
    try {
      out[name] = typeJson(type, symbols.typeDecls.get(name)?.decorators ?? [], ctx);
    } catch (e) {
      if (!(e instanceof Unconvertible)) throw e;
      fail(name, e);
    }
  }
  return out;
}
