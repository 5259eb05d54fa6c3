import type {
  TAttribute,
  TAttributeType,
  TBlock,
  TBlockType,
} from '@stratum/core/contract/iac/get-resource-type';

/** A scalar's text; an object (never expected here) as JSON rather than `[object Object]`. */
export const scalarText = (value: TJson): string =>
  typeof value === 'object' ? JSON.stringify(value) : String(value);

/** An argument's value as the design stores it (JSON). */
export type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson };
export type TArgs = Record<string, TJson>;

/** How the form edits an argument, from its cty type. */
export type TValueKind =
  'string' | 'number' | 'bool' | 'string-list' | 'number-list' | 'string-map' | 'json';

export interface TArgSpec {
  readonly name: string;
  readonly isRequired: boolean;
  readonly isDeprecated: boolean;
  /** Sensitive or write-only: never a value in the design, a deploy-time variable instead. */
  readonly isSecret: boolean;
  readonly kind: TValueKind;
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

const PRIMITIVES: Record<string, TValueKind> = { string: 'string', number: 'number', bool: 'bool' };

function kindOf(type: TAttributeType): TValueKind {
  if (typeof type === 'string') return PRIMITIVES[type] ?? 'json';
  if (Array.isArray(type)) {
    const [collection, element] = type;
    if ((collection === 'list' || collection === 'set') && element === 'string')
      return 'string-list';
    if ((collection === 'list' || collection === 'set') && element === 'number')
      return 'number-list';
    if (collection === 'map' && element === 'string') return 'string-map';
  }
  return 'json';
}

function typeLabel(type: TAttributeType): string {
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const [collection, element] = type;
    return typeof element === 'string' ? `${collection}(${element})` : collection;
  }
  return 'nested';
}

/**
 * One attribute's spec, or undefined when the user cannot set it: computed only (flags `C`), and
 * `id`, which SDKv2 providers mark optional-computed although the provider always sets it.
 */
export function argSpec(name: string, [flags, type]: TAttribute): TArgSpec | undefined {
  const isRequired = flags.includes('R');
  if (!isRequired && !flags.includes('O')) return undefined;
  if (name === 'id') return undefined;
  const nested: TBlockType | undefined = isNestedType(type)
    ? { n: nestingOf(type.n), a: type.a, ...(isRequired ? { min: 1 } : {}) }
    : undefined;
  return {
    name,
    isRequired,
    isDeprecated: flags.includes('D'),
    isSecret: flags.includes('S') || flags.includes('W'),
    kind: nested ? 'json' : kindOf(type),
    typeLabel: typeLabel(type),
    ...(nested ? { nested } : {}),
  };
}

function isNestedType(type: TAttributeType): type is Extract<TAttributeType, { n: string }> {
  return typeof type === 'object' && 'n' in type;
}

function nestingOf(n: string): TBlockType['n'] {
  return n === 'list' || n === 'set' || n === 'map' ? n : 'single';
}

/** A block's settable arguments and nested blocks, in name order. */
export function specsOf(block: TBlock | TBlockType): { args: TArgSpec[]; blocks: TBlockSpec[] } {
  const args = Object.entries(block.a ?? {})
    .map(([name, attr]) => argSpec(name, attr))
    .filter((s): s is TArgSpec => s !== undefined)
    .sort((x, y) => x.name.localeCompare(y.name));
  const blocks = Object.entries(block.b ?? {})
    .map(([name, b]) => ({ name, block: b, isRequired: (b.min ?? 0) > 0 }))
    .sort((x, y) => x.name.localeCompare(y.name));
  return { args, blocks };
}
