import { isArmExpr, type TArmExpr, type TArmResource, type TArmValue } from '../ir/arm-ir';

/** Compiles IR expressions to ARM template language (`[...]` strings). */
export interface TArmScope {
  readonly bySymbol: ReadonlyMap<string, TArmResource>;
  /**
   * `resourceId(...)` of each symbol already compiled: every reference and `dependsOn` entry
   * repeats it, and its name chain walks the parents each time (a template builds one scope).
   */
  readonly ids?: Map<string, string>;
  /** The name expression of each symbol already compiled, for the same reason. */
  readonly names?: Map<string, string>;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The name segments of a resource from the root parent down, as ARM expressions. */
export function nameChain(scope: TArmScope, symbol: string): string[] {
  const r = scope.bySymbol.get(symbol);
  if (!r) throw new Error(`unknown resource symbol ${symbol}`);
  const own = nameExpr(scope, r);
  return r.parent ? [...nameChain(scope, r.parent), own] : [own];
}

function nameExpr(scope: TArmScope, r: TArmResource): string {
  let name = scope.names?.get(r.symbol);
  if (name === undefined) {
    name = inner(scope, r.name);
    scope.names?.set(r.symbol, name);
  }
  return name;
}

/**
 * The id of a resource of the template. An extension resource (a role assignment or diagnostic
 * setting with a `scope`) lives under the resource it extends: `extensionResourceId`, as Bicep
 * writes it. `resourceId()` names a resource-group resource that is not in the template, and ARM
 * refuses a `dependsOn` on it ("is not defined in the template").
 */
export function resourceIdExpr(scope: TArmScope, symbol: string): string {
  let id = scope.ids?.get(symbol);
  if (id === undefined) {
    const r = scope.bySymbol.get(symbol)!;
    const args = [quote(r.type), ...nameChain(scope, symbol)].join(', ');
    id = r.scope
      ? `extensionResourceId(${resourceIdExpr(scope, r.scope)}, ${args})`
      : `resourceId(${args})`;
    scope.ids?.set(symbol, id);
  }
  return id;
}

/** The expression inside `[...]` for a value (literals become quoted strings). */
export function inner(scope: TArmScope, v: TArmValue): string {
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v === null) return 'null()';
  if (Array.isArray(v)) throw new Error('arrays cannot be inlined in an ARM expression');
  if (!isArmExpr(v)) {
    // An object inside an expression (`string({...})`): Bicep's object literal, as ARM writes it.
    const record = v as Readonly<Record<string, TArmValue>>;
    const pairs = Object.keys(record).flatMap((k) => [quote(k), inner(scope, record[k]!)]);
    return `createObject(${pairs.join(', ')})`;
  }
  return expr(scope, v);
}

function expr(scope: TArmScope, e: TArmExpr): string {
  switch (e.$) {
    case 'param':
      return `parameters(${quote(e.name)})`;
    case 'fn':
      switch (e.fn) {
        case 'resourceGroupLocation':
          return 'resourceGroup().location';
        case 'resourceGroupName':
          return 'resourceGroup().name';
        case 'tenantId':
          return 'subscription().tenantId';
        case 'uniqueString':
          return 'uniqueString(resourceGroup().id)';
        case 'toUpper':
          return `toUpper(${e.args.map((a) => inner(scope, a)).join(', ')})`;
        case 'guid':
          return `guid(${e.args.map((a) => inner(scope, a)).join(', ')})`;
        case 'roleDefinitionId':
          return `subscriptionResourceId('Microsoft.Authorization/roleDefinitions', ${e.args.map((a) => inner(scope, a)).join(', ')})`;
        case 'string':
        case 'base64':
        case 'mul':
        case 'if':
          return `${e.fn}(${e.args.map((a) => inner(scope, a)).join(', ')})`;
      }
      break;
    case 'rid':
      return `resourceId(${[quote(e.type), ...e.names.map((n) => inner(scope, n))].join(', ')})`;
    case 'keyed':
      throw new Error('an object with expression keys cannot be inlined in an ARM expression');
    case 'lookup': {
      const pairs = Object.entries(e.table).flatMap(([k, v]) => [quote(k), inner(scope, v)]);
      return `createObject(${pairs.join(', ')})[${expr(scope, e.index)}]`;
    }
    case 'atpl': {
      let format = '';
      const args: string[] = [];
      for (const p of e.parts) {
        if (typeof p === 'string') format += p.replace(/\{/g, '{{').replace(/\}/g, '}}');
        else {
          format += `{${args.length}}`;
          args.push(expr(scope, p));
        }
      }
      return args.length === 0 ? quote(format) : `format(${quote(format)}, ${args.join(', ')})`;
    }
    case 'aref': {
      const r = scope.bySymbol.get(e.symbol);
      if (!r) throw new Error(`reference to unknown resource ${e.symbol}`);
      if (e.path === 'id') return resourceIdExpr(scope, e.symbol);
      if (e.path === 'name') return nameExpr(scope, r);
      if (e.path.startsWith('properties.')) {
        return `reference(${resourceIdExpr(scope, e.symbol)}, ${quote(r.apiVersion)}).${e.path.slice(11)}`;
      }
      return `reference(${resourceIdExpr(scope, e.symbol)}, ${quote(r.apiVersion)}, 'full').${e.path}`;
    }
  }
  throw new Error('unsupported expression');
}

/** A JSON value for the template: literals stay literal, expressions become `[...]`. */
export function toJson(scope: TArmScope, v: TArmValue): unknown {
  if (typeof v === 'string') return v.startsWith('[') ? `[${v}` : v;
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return (v as readonly TArmValue[]).map((x) => toJson(scope, x));
  if (isArmExpr(v) && v.$ === 'keyed')
    return Object.fromEntries(
      v.entries.map((x) => [`[${expr(scope, x.key)}]`, toJson(scope, x.value)]),
    );
  if (isArmExpr(v)) return `[${expr(scope, v)}]`;
  return objectToJson(scope, v as Record<string, TArmValue>, {});
}

/**
 * Writes an object's entries, as JSON values, into `out` (an entry already there keeps its
 * place and takes the new value, as with spreading). Templates hold tens of thousands of these
 * objects: a loop, not arrays of entries.
 */
export function objectToJson(
  scope: TArmScope,
  v: Readonly<Record<string, TArmValue>>,
  out: Record<string, unknown>,
): Record<string, unknown> {
  for (const k of Object.keys(v)) {
    const value = toJson(scope, v[k]!);
    // Assigning `__proto__` would set the prototype: it stays an ordinary key, as in JSON.
    if (k === '__proto__')
      Object.defineProperty(out, k, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[k] = value;
  }
  return out;
}
