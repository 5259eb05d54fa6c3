import type { TSchemaBlockJson } from '@stratum/core/contract/iac/resource-type';
import type { TResourceArg } from '@stratum/core/iac/design/resource-arg';

/** A resource body's schema: attributes `a` as [FLAGS, TYPE, ENUM?], nested blocks `b`. */
export type TBlock = TSchemaBlockJson;
/** A nested block: its nesting mode `n` (single, list, set, map, group) and item bounds. */
export type TBlockType = TSchemaBlockJson & { n: string; min?: number; max?: number };

/** An argument's value as the design stores it (JSON, or a reference). */
export type TJson = TResourceArg;
export type TArgs = Record<string, TJson>;

/** How the form edits an argument, from its cty type. */
export type TValueKind =
  'string' | 'enum' | 'number' | 'bool' | 'string-list' | 'number-list' | 'string-map' | 'json';

export interface TArgSpec {
  readonly name: string;
  readonly isRequired: boolean;
  readonly isDeprecated: boolean;
  /** Sensitive or write-only: never a value in the design, a deploy-time variable instead. */
  readonly isSecret: boolean;
  readonly kind: TValueKind;
  /** The values the schema allows (ARM enums), for `kind: 'enum'`. */
  readonly allowed?: readonly string[];
  /** The cty type as the schema writes it, shown to the user. */
  readonly typeLabel: string;
  /** Nested attributes (`{ n, a }`) are edited like a block. */
  readonly nested?: TBlockType;
}

export interface TBlockSpec {
  readonly name: string;
  readonly block: TBlockType;
  /** At least one is needed (`min` ≥ 1). */
  readonly isRequired: boolean;
}

/** A scalar's text; an object (never expected here) as JSON rather than `[object Object]`. */
export const scalarText = (value: TJson): string =>
  typeof value === 'object' ? JSON.stringify(value) : String(value);

const PRIMITIVES: Record<string, TValueKind> = { string: 'string', number: 'number', bool: 'bool' };

function kindOf(type: unknown): TValueKind {
  if (typeof type === 'string') return PRIMITIVES[type] ?? 'json';
  if (Array.isArray(type)) {
    const [collection, element] = type as unknown[];
    if ((collection === 'list' || collection === 'set') && element === 'string')
      return 'string-list';
    if ((collection === 'list' || collection === 'set') && element === 'number')
      return 'number-list';
    if (collection === 'map' && element === 'string') return 'string-map';
  }
  return 'json';
}

function typeLabel(type: unknown): string {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const [collection, element] = type as unknown[];
    return typeof element === 'string' ? `${String(collection)}(${element})` : String(collection);
  }
  return 'nested';
}

/** Nested attributes (`{ n, a }`) as a block the form can show, or undefined. */
function nestedBlock(type: unknown, isRequired: boolean): TBlockType | undefined {
  if (typeof type !== 'object' || type === null || Array.isArray(type)) return undefined;
  const { n, a } = type as { n?: unknown; a?: unknown };
  if (typeof n !== 'string' || typeof a !== 'object' || a === null) return undefined;
  return { n, a: a as TBlock['a'], ...(isRequired ? { min: 1 } : {}) };
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');

/**
 * One attribute's spec, or undefined when the user cannot set it: computed only (flags `C`), and
 * `id`, which SDKv2 providers mark optional-computed although the provider always sets it.
 */
export function argSpec(name: string, attribute: readonly unknown[]): TArgSpec | undefined {
  const [flagsValue, type, allowed] = attribute;
  const flags = typeof flagsValue === 'string' ? flagsValue : '';
  const isRequired = flags.includes('R');
  if (!isRequired && !flags.includes('O')) return undefined;
  if (name === 'id') return undefined;
  const nested = nestedBlock(type, isRequired);
  const kind = nested ? 'json' : kindOf(type);
  return {
    name,
    isRequired,
    isDeprecated: flags.includes('D'),
    isSecret: flags.includes('S') || flags.includes('W'),
    ...(kind === 'string' && isStringList(allowed) ? { kind: 'enum' as const, allowed } : { kind }),
    typeLabel: typeLabel(type),
    ...(nested ? { nested } : {}),
  };
}

/** Whether a block holds several items (list, set) rather than one (single, group). */
export const isListBlock = (block: TBlockType): boolean => block.n === 'list' || block.n === 'set';

/** A block's settable arguments and nested blocks, in name order. */
export function specsOf(block: TBlock): { args: TArgSpec[]; blocks: TBlockSpec[] } {
  const args = Object.entries(block.a ?? {})
    .map(([name, attr]) => argSpec(name, attr))
    .filter((s): s is TArgSpec => s !== undefined)
    .sort((x, y) => x.name.localeCompare(y.name));
  const blocks = Object.entries(block.b ?? {})
    .map(([name, b]) => ({ name, block: b, isRequired: (b.min ?? 0) > 0 }))
    .sort((x, y) => x.name.localeCompare(y.name));
  return { args, blocks };
}
