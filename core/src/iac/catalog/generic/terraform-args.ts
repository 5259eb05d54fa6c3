import type { TTfBuildContext } from '../service';
import { block, call, obj, tpl, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';
import { isResourceRef, type TResourceArg } from '../../design/resource-arg';
import { hasFlag, isObjectType, type TSchemaBlock, type TSchemaType } from './schema-source';

/**
 * Map-typed arguments written as `name = {...}` when no schema is at hand (the browser preview
 * before the board fetched the type): the tag attributes of the four providers.
 */
const KNOWN_MAPS = new Set(['tags', 'labels', 'freeform_tags', 'defined_tags']);

/** The HCL type constraint of a schema TYPE, for the variable of a sensitive argument. */
export function hclTypeOf(type: TSchemaType | undefined): string {
  if (typeof type === 'string') return type === 'dynamic' ? 'any' : type;
  if (Array.isArray(type) && (type[0] === 'list' || type[0] === 'set' || type[0] === 'map')) {
    const inner = hclTypeOf(type[1] as TSchemaType);
    return inner === 'any' ? 'any' : `${String(type[0])}(${inner})`;
  }
  return 'any';
}

export interface TArgsScope {
  readonly ctx: TTfBuildContext;
  /** Answers the TTfValue of a `{ $ref, attribute }` (the target's primary resource). */
  reference(id: string, attribute: string): TTfValue;
  /** Declares the sensitive variable standing for an argument at `path`; answers its ref. */
  secret(path: readonly string[], type: TSchemaType | undefined): TTfValue;
}

/** A value inside an attribute (object values are maps/objects, never blocks). */
function attributeValue(scope: TArgsScope, value: TResourceArg): TTfValue {
  if (isResourceRef(value)) {
    const target = scope.reference(value.$ref, value.attribute);
    return value.prefix || value.suffix
      ? tpl(value.prefix ?? '', target, value.suffix ?? '')
      : target;
  }
  if (Array.isArray(value)) return value.map((v) => attributeValue(scope, v));
  if (typeof value === 'object' && value !== null) {
    return obj(
      Object.fromEntries(Object.entries(value).map(([k, v]) => [k, attributeValue(scope, v)])),
    );
  }
  return value;
}

const isPlainObject = (v: TResourceArg): v is { [key: string]: TResourceArg } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isResourceRef(v);

/**
 * Whether `value` is a JSON document given for a string argument (an IAM or bucket policy, a
 * container definition): an object or array where the schema asks for a string. It is written
 * `jsonencode(...)`, so references inside it (`{ $ref, attribute }`) stay expressions.
 */
const isJsonDocument = (
  schema: TSchemaBlock | undefined,
  name: string,
  value: TResourceArg,
): boolean =>
  schema?.a?.[name]?.[1] === 'string' &&
  typeof value === 'object' &&
  value !== null &&
  !isResourceRef(value);

/** Whether `name` holding objects is a nested block here (else an object-typed attribute). */
function isBlockArgument(schema: TSchemaBlock | undefined, name: string): boolean {
  if (schema?.b?.[name]) return true;
  const attr = schema?.a?.[name];
  if (attr) return !isObjectType(attr[1]);
  return !KNOWN_MAPS.has(name);
}

/**
 * The Terraform body of a generic resource's arguments: nested blocks as blocks, attribute
 * objects as object values, JSON documents of string arguments as `jsonencode(...)`, references
 * as expressions, and every sensitive or write-only
 * argument (set or required) as a sensitive variable: the board never holds a secret.
 */
export function terraformBody(
  scope: TArgsScope,
  args: Readonly<Record<string, TResourceArg>>,
  schema: TSchemaBlock | undefined,
  path: readonly string[] = [],
): Record<string, TTfValue | TTfBlock | readonly TTfBlock[]> {
  const body: Record<string, TTfValue | TTfBlock | readonly TTfBlock[]> = {};
  const isSecret = (name: string) => hasFlag(schema, name, 'S') || hasFlag(schema, name, 'W');
  for (const [name, value] of Object.entries(args)) {
    if (isSecret(name)) {
      body[name] = scope.secret([...path, name], schema?.a?.[name]?.[1]);
      continue;
    }
    const nested = schema?.b?.[name];
    // Repeated blocks get the index in their secrets' variable names: one secret each.
    const blockOf = (v: { [key: string]: TResourceArg }, at?: number): TTfBlock =>
      block(
        terraformBody(scope, v, nested, [...path, name, ...(at === undefined ? [] : [String(at)])]),
      );
    if (isJsonDocument(schema, name, value)) {
      body[name] = call('jsonencode', attributeValue(scope, value));
    } else if (isPlainObject(value) && isBlockArgument(schema, name)) {
      body[name] = blockOf(value);
    } else if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every(isPlainObject) &&
      isBlockArgument(schema, name)
    ) {
      body[name] = value.map((v, i) => blockOf(v, value.length > 1 ? i : undefined));
    } else {
      body[name] = attributeValue(scope, value);
    }
  }
  // A required secret the user could not give: the variable still has to exist.
  for (const [name, [flags, type]] of Object.entries(schema?.a ?? {})) {
    if (flags.includes('R') && flags.includes('S') && body[name] === undefined) {
      body[name] = scope.secret([...path, name], type);
    }
  }
  return body;
}
