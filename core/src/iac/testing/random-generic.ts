import fc from 'fast-check';
import type { TTerraformSchemaFile } from '../catalog/generic/schema-data';
import type { TSchemaBlock, TSchemaType } from '../catalog/generic/schema-source';
import type { TResourceArg } from '../design/resource-arg';
import type { TDesignInput } from '../design/schema-v2';
import type { TCloud } from '../types';

type TComponents = NonNullable<TDesignInput['components']>;

/** A value of a primitive TYPE (or a collection of primitives), or undefined when it is not one. */
function sample(type: TSchemaType, i: number): TResourceArg | undefined {
  if (type === 'string') return `v${i}`;
  if (type === 'number') return i + 1;
  if (type === 'bool') return i % 2 === 0;
  if (!Array.isArray(type)) return undefined;
  const [kind, inner] = type as unknown as [string, TSchemaType];
  const item = sample(inner, i);
  if (item === undefined || typeof item === 'object') return undefined;
  if (kind === 'list' || kind === 'set') return [item];
  if (kind === 'map') return { k: item };
  return undefined;
}

/**
 * The required arguments of a block filled with values of their types, nested required blocks
 * included; undefined when one is of a kind the helper does not fill (objects, dynamic).
 */
export function requiredArguments(
  block: TSchemaBlock,
  seed: number,
): Record<string, TResourceArg> | undefined {
  const out: Record<string, TResourceArg> = {};
  let i = seed;
  for (const [name, [flags, type]] of Object.entries(block.a ?? {})) {
    if (!flags.includes('R')) continue;
    const value = sample(type, i++);
    if (value === undefined) return undefined;
    out[name] = value;
  }
  for (const [name, nested] of Object.entries(block.b ?? {})) {
    if ((nested.min ?? 0) < 1) continue;
    const inner = requiredArguments(nested, i++);
    if (!inner) return undefined;
    out[name] = nested.n === 'single' || nested.n === 'group' ? inner : [inner];
  }
  return out;
}

const SERVICE: Readonly<Record<TCloud, string>> = {
  aws: 'aws.resource',
  azure: 'azure.resource',
  gcp: 'gcp.resource',
  oci: 'oci.resource',
};

/**
 * fast-check arbitrary of 0-3 generic resource components of random types of the provider
 * (schema data `file`) with their required arguments filled; one string argument may instead
 * reference the `id` of a component already in the design.
 */
export function randomGenericComponents(
  cloud: TCloud,
  file: TTerraformSchemaFile,
  existing: readonly string[],
): fc.Arbitrary<TComponents> {
  const skip = new Set(file.withoutSchema);
  const types = Object.keys(file.resources)
    .filter((t) => !skip.has(t))
    .sort();
  return fc
    .array(fc.record({ type: fc.constantFrom(...types), seed: fc.nat(1000) }), { maxLength: 3 })
    .map((draws) =>
      draws.flatMap(({ type, seed }, n): TComponents => {
        const args = requiredArguments(file.resources[type]!, seed);
        if (!args) return [];
        const target = existing[seed % Math.max(1, existing.length)];
        const refAt = Object.entries(args).find(([, v]) => typeof v === 'string')?.[0];
        if (target !== undefined && refAt !== undefined && seed % 3 === 0) {
          args[refAt] = { $ref: target, attribute: 'id' };
        }
        const id = `gen-${n}`;
        return [{ id, service: SERVICE[cloud], name: id, resource: { type, arguments: args } }];
      }),
    );
}

/** An ARM value of a BLOCK attribute: its first allowed value when it is an enum. */
function armSample(attr: readonly unknown[], i: number): TResourceArg | undefined {
  const allowed = attr[2];
  if (Array.isArray(allowed) && typeof allowed[0] === 'string') return allowed[0];
  return sample(attr[1] as TSchemaType, i);
}

/** Required properties of an ARM BLOCK (never `name`: the builder names the resource). */
function requiredArmProperties(
  block: TSchemaBlock,
  seed: number,
  depth = 0,
): Record<string, TResourceArg> | undefined {
  const out: Record<string, TResourceArg> = {};
  let i = seed;
  for (const [name, attr] of Object.entries(block.a ?? {})) {
    if (!attr[0].includes('R') || (depth === 0 && name === 'name')) continue;
    const value = armSample(attr, i++);
    if (value === undefined) return undefined;
    out[name] = value;
  }
  for (const [name, nested] of Object.entries(block.b ?? {})) {
    if ((nested.min ?? 0) < 1) continue;
    const inner = requiredArmProperties(nested, i++, depth + 1);
    if (!inner) return undefined;
    out[name] = nested.n === 'list' ? [inner] : inner;
  }
  return out;
}

/**
 * fast-check arbitrary of 1-3 `azure.arm-resource` components of random ARM types among those
 * with a type graph (`types`: type -> newest API version and BLOCK), required properties filled.
 */
export function randomArmComponents(
  types: Readonly<Record<string, { readonly v: readonly string[]; readonly block?: TSchemaBlock }>>,
): fc.Arbitrary<TComponents> {
  const withBlock = Object.keys(types)
    .filter((t) => types[t]?.block !== undefined && t.split('/').length === 2)
    .sort();
  return fc
    .array(fc.record({ type: fc.constantFrom(...withBlock), seed: fc.nat(1000) }), {
      minLength: 1,
      maxLength: 3,
    })
    .map((draws) =>
      draws.flatMap(({ type, seed }, n): TComponents => {
        const entry = types[type]!;
        const args = requiredArmProperties(entry.block!, seed);
        if (!args) return [];
        const id = `arm-${n}`;
        return [
          {
            id,
            service: 'azure.arm-resource',
            name: id,
            resource: { type, apiVersion: entry.v[0]!, arguments: args },
          },
        ];
      }),
    );
}
