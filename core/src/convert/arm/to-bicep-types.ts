import { pointer } from './json-lines';
import { escapeBicep, type TDecompileScope } from './to-bicep-expr';
import { DecompileError, valueOf } from './to-bicep-value';

/**
 * languageVersion 2.0 type schemas → Bicep types, the reverse of what `bicep build` writes
 * (learn.microsoft.com/azure/azure-resource-manager/bicep/user-defined-data-types):
 * `$ref: '#/definitions/x'` → `x`, `properties`/`additionalProperties` → an object type (`*:`
 * for the rest, `@sealed()` when false), `items` → `T[]`, `prefixItems` → a tuple,
 * `allowedValues` → a union of literals, `discriminator` → `@discriminator` over a union,
 * `nullable` → `T?`; constraints and `metadata` → decorators.
 */
type TJson = Record<string, unknown>;
const isObject = (v: unknown): v is TJson =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An ARM type's Bicep type, and whether it is a secure one. */
export const PRIMITIVE: Readonly<Record<string, [string, boolean]>> = {
  string: ['string', false],
  securestring: ['string', true],
  int: ['int', false],
  bool: ['bool', false],
  object: ['object', false],
  secureobject: ['object', true],
  array: ['array', false],
};

/** Keys only a languageVersion 2.0 type has: such a parameter or output is written with a type expression. */
export const isStructuredType = (def: TJson) =>
  [
    '$ref',
    'properties',
    'additionalProperties',
    'items',
    'prefixItems',
    'discriminator',
    'nullable',
  ].some((k) => k in def);

export interface TBicepType {
  readonly decorators: string[];
  readonly type: string;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const indented = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/** Decorators of a schema: description, metadata, constraints, secure, sealed, export. */
function decoratorsOf(def: TJson, scope: TDecompileScope, at: string): string[] {
  const out: string[] = [];
  const metadata = isObject(def['metadata']) ? { ...def['metadata'] } : {};
  if (metadata['__bicep_export!'] === true) out.push('@export()');
  delete metadata['__bicep_export!'];
  if (typeof metadata['description'] === 'string')
    out.push(`@description('${escapeBicep(metadata['description'])}')`);
  delete metadata['description'];
  if (Object.keys(metadata).length > 0)
    out.push(`@metadata(${valueOf(metadata, scope, pointer(at, 'metadata'), '')})`);
  for (const k of ['minValue', 'maxValue', 'minLength', 'maxLength'])
    if (typeof def[k] === 'number') out.push(`@${k}(${def[k]})`);
  if (def['additionalProperties'] === false) out.push('@sealed()');
  return out;
}

const literal = (v: unknown, scope: TDecompileScope, at: string) =>
  v === null ? 'null' : valueOf(v, scope, at, '');

/** A schema → its Bicep type and the decorators that go before it. */
export function typeOf(def: unknown, scope: TDecompileScope, at: string): TBicepType {
  if (!isObject(def)) throw new DecompileError('a type must be an object', at);
  const decorators = decoratorsOf(def, scope, at);
  let type: string;
  const ref = def['$ref'];
  const primitive = PRIMITIVE[String(def['type']).toLowerCase()];
  const discriminator = def['discriminator'];
  if (typeof ref === 'string') {
    const m = /^#\/definitions\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(ref);
    if (!m) throw new DecompileError(`type reference ${ref}`, pointer(at, '$ref'));
    type = m[1]!;
  } else if (isObject(discriminator) && isObject(discriminator['mapping'])) {
    decorators.push(`@discriminator('${escapeBicep(String(discriminator['propertyName']))}')`);
    const at2 = pointer(pointer(at, 'discriminator'), 'mapping');
    type = Object.entries(discriminator['mapping'])
      .map(([k, v]) => typeOf(v, scope, pointer(at2, k)).type)
      .join(' | ');
  } else if (!primitive) throw new DecompileError(`type ${String(def['type'])}`, at);
  else {
    if (primitive[1]) decorators.push('@secure()');
    type = primitive[0];
    if (Array.isArray(def['allowedValues']) && primitive[0] !== 'array')
      type = def['allowedValues']
        .map((v, i) => literal(v, scope, pointer(pointer(at, 'allowedValues'), i)))
        .join(' | ');
    else if (Array.isArray(def['allowedValues']))
      type = `(${def['allowedValues'].map((v, i) => literal(v, scope, pointer(pointer(at, 'allowedValues'), i))).join(' | ')})[]`;
    else if (isObject(def['items'])) {
      const item = typeOf(def['items'], scope, pointer(at, 'items'));
      if (item.decorators.length > 0)
        throw new DecompileError('decorators on array items', pointer(at, 'items'));
      type = /[|?]/.test(item.type) ? `(${item.type})[]` : `${item.type}[]`;
    } else if (Array.isArray(def['prefixItems'])) {
      const items = def['prefixItems'].map((x, i) => {
        const t = typeOf(x, scope, pointer(pointer(at, 'prefixItems'), i));
        return [...t.decorators, indented(t.type, '  ')].join('\n  ');
      });
      type = `[\n  ${items.join('\n  ')}\n]`;
    } else if (isObject(def['properties']) || isObject(def['additionalProperties'])) {
      const members: string[] = [];
      for (const [k, v] of Object.entries(isObject(def['properties']) ? def['properties'] : {})) {
        const t = typeOf(v, scope, pointer(pointer(at, 'properties'), k));
        const key = IDENT.test(k) ? k : `'${escapeBicep(k)}'`;
        members.push([...t.decorators, `${key}: ${indented(t.type, '  ')}`].join('\n  '));
      }
      if (isObject(def['additionalProperties'])) {
        const t = typeOf(def['additionalProperties'], scope, pointer(at, 'additionalProperties'));
        members.push([...t.decorators, `*: ${indented(t.type, '  ')}`].join('\n  '));
      }
      type = `{\n  ${members.join('\n  ')}\n}`;
    }
  }
  if (def['nullable'] === true)
    type = /[| ]/.test(type) && !type.startsWith('{') ? `(${type})?` : `${type}?`;
  return { decorators, type };
}

/** The `definitions` section → `type` declarations. */
export function typeDeclarations(
  definitions: unknown,
  scope: TDecompileScope,
  at: string,
  fail: (name: string, e: DecompileError, value: unknown) => void,
): string[] {
  const out: string[] = [];
  for (const [name, def] of Object.entries(isObject(definitions) ? definitions : {})) {
    try {
      if (!IDENT.test(name)) throw new DecompileError(`type name ${name}`, pointer(at, name));
      const t = typeOf(def, scope, pointer(at, name));
      out.push([...t.decorators, `type ${name} = ${t.type}`].join('\n'));
    } catch (e) {
      if (!(e instanceof DecompileError)) throw e;
      fail(name, e, def);
    }
  }
  return out;
}
