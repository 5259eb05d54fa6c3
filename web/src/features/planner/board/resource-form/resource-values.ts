import {
  isListBlock,
  specsOf,
  type TArgs,
  type TBlock,
  type TBlockType,
  type TJson,
} from './resource-schema';

/** A reference to another component on the board: `{ "$ref": "<id>", "attribute": "<attr>" }`. */
export interface TResourceRef {
  readonly $ref: string;
  readonly attribute: string;
  /** Text around the value: `serviceAccount:` before it, `/*` after it. */
  readonly prefix?: string;
  readonly suffix?: string;
}

export function isRef(value: TJson | undefined): value is TResourceRef & { [key: string]: TJson } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof value['$ref'] === 'string' &&
    typeof value['attribute'] === 'string'
  );
}

export const isObject = (value: TJson | undefined): value is { [key: string]: TJson } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nothing set: absent, empty text, an empty list or map. */
export function isBlank(value: TJson | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value) && !isRef(value)) return Object.keys(value).length === 0;
  return false;
}

/** A block's items as the design stores them: an object (single) or an array of objects. */
export function blockItems(value: TJson | undefined): { [key: string]: TJson }[] {
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) ? [value] : [];
}

/**
 * The required arguments still missing, as paths (`default_action[0].type`); sensitive ones are
 * not counted, since they are set at deploy time, nor those the generator fills (`filled`).
 */
export function missingRequired(
  block: TBlock | TBlockType,
  args: TArgs,
  prefix = '',
  filled: Readonly<Record<string, string>> = {},
): string[] {
  const { args: specs, blocks } = specsOf(block);
  const missing: string[] = [];
  for (const spec of specs) {
    const value = args[spec.name];
    if (filled[spec.name] !== undefined) continue;
    if (spec.nested) {
      missing.push(...missingInBlock(spec.name, spec.nested, value, prefix));
    } else if (spec.isRequired && !spec.isSecret && isBlank(value)) {
      missing.push(`${prefix}${spec.name}`);
    }
  }
  for (const { name, block: nested } of blocks)
    missing.push(...missingInBlock(name, nested, args[name], prefix));
  return missing;
}

function missingInBlock(
  name: string,
  block: TBlockType,
  value: TJson | undefined,
  prefix: string,
): string[] {
  const items = blockItems(value);
  const min = block.min ?? 0;
  if (items.length < min) return [`${prefix}${name}`];
  const isList = isListBlock(block);
  return items.flatMap((item, i) =>
    missingRequired(block, item, `${prefix}${name}${isList ? `[${i}]` : ''}.`),
  );
}

/** A number typed by the user, or undefined when it is not one. */
export function parseNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** A JSON text, or an error message saying where it breaks. */
export function parseJson(text: string): { ok: true; value: TJson } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as TJson };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'Not valid JSON' };
  }
}

/**
 * Sets or clears (`undefined`, blank) one argument: the stored object never holds blanks, except
 * an added block, which is there even before its arguments are filled in (`isBlock`).
 */
export function setArg(
  args: TArgs,
  name: string,
  value: TJson | undefined,
  isBlock = false,
): TArgs {
  const next = { ...args };
  if (value === undefined || (!isBlock && isBlank(value))) delete next[name];
  else next[name] = value;
  return next;
}

/**
 * An example of the text around a reference, where the argument's name says what it takes: a
 * Google IAM member (`serviceAccount:` before an email), a statement's resources (`/*` after a
 * bucket ARN). Other arguments say only that the text is optional: an example from another cloud
 * would mislead.
 */
export function affixExample(argument: string, key: 'prefix' | 'suffix'): string {
  if (key === 'prefix') return /^members?$/.test(argument) ? 'serviceAccount:' : 'optional';
  return /^resources?$/.test(argument) ? '/*' : 'optional';
}
