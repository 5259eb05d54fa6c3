import type { THclFile } from '../hcl/ast';
import {
  ATTRIBUTES_ONLY,
  parseHclJson,
  type TJsonBlockSchema,
  type TJsonBodySchema,
} from '../hcl/json-syntax';
import {
  isObjectType,
  resourceSchema,
  type TSchemaBlock,
  type TSchemaProvider,
} from '../../iac/catalog/generic/schema-source';

/**
 * Terraform's JSON configuration syntax (`*.tf.json`, `*.tfvars.json`; what CDKTF writes) read
 * into the same syntax tree as `.tf` files. Which properties are blocks comes from Terraform's
 * own block types and, inside resources, from the provider schemas when they are loaded.
 */

const block = (labels: number, body: (labels: readonly string[]) => TJsonBodySchema) => ({
  labels,
  body,
});
const plain = (labels: number, schema: TJsonBodySchema = ATTRIBUTES_ONLY): TJsonBlockSchema =>
  block(labels, () => schema);
const bodyWith = (
  blocks: Readonly<Record<string, TJsonBlockSchema>>,
  expressions: readonly string[] = [],
): TJsonBodySchema => ({
  block: (name) => (Object.hasOwn(blocks, name) ? blocks[name] : undefined),
  expressions: new Set(expressions),
});

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Without a schema: an array of objects is a list of blocks, anything else an attribute. */
const looksLikeBlocks = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every(isObject);

const PROVIDER_OF: readonly [string, TSchemaProvider][] = [
  ['aws_', 'aws'],
  ['azurerm_', 'azurerm'],
  ['google_', 'google'],
  ['oci_', 'oci'],
];

/** A nested block of a resource, from its schema (or the guess above when there is none). */
function schemaBody(schema: TSchemaBlock | undefined, extra?: TJsonBodySchema): TJsonBodySchema {
  return {
    block(name, value) {
      const fromExtra = extra?.block(name, value);
      if (fromExtra) return fromExtra;
      const nested = schema?.b?.[name];
      if (nested) return plain(0, schemaBody(nested));
      // An attribute of objects may be written as blocks (`ingress { … }` of a security group),
      // and HCL authors do: a list of objects is read as those blocks.
      const type = schema?.a?.[name]?.[1];
      if (type !== undefined && !isObjectType(type)) return undefined;
      return looksLikeBlocks(value) ? plain(0, schemaBody(undefined)) : undefined;
    },
    ...(extra?.expressions ? { expressions: extra.expressions } : {}),
  };
}

const CONDITION = plain(0);
const LIFECYCLE = plain(
  0,
  bodyWith({ precondition: CONDITION, postcondition: CONDITION }, [
    'ignore_changes',
    'replace_triggered_by',
  ]),
);
const CONNECTION = plain(0);

function resourceBody(type: string, isData: boolean): TJsonBodySchema {
  const provider = PROVIDER_OF.find(([prefix]) => type.startsWith(prefix))?.[1];
  const schema = provider && !isData ? resourceSchema(provider, type) : undefined;
  const nestedOf = (name: string) => schema?.b?.[name];
  const meta = bodyWith(
    {
      lifecycle: LIFECYCLE,
      connection: CONNECTION,
      provisioner: plain(1, bodyWith({ connection: CONNECTION })),
      // `dynamic "ingress" { for_each = …, content { … } }`: the content is an `ingress` body.
      dynamic: block(1, ([name]) =>
        bodyWith({ content: plain(0, schemaBody(nestedOf(name ?? ''))) }),
      ),
    },
    ['depends_on', 'provider'],
  );
  return schemaBody(schema, meta);
}

/** Provider configuration blocks the importer reads (`default_tags`), and azurerm's `features`. */
const PROVIDER_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  aws: ['default_tags', 'assume_role', 'ignore_tags', 'endpoints'],
  azurerm: ['features'],
  google: ['batching'],
};

const ROOT = bodyWith({
  resource: block(2, ([type]) => resourceBody(type ?? '', false)),
  data: block(2, ([type]) => resourceBody(type ?? '', true)),
  module: plain(1, bodyWith({}, ['depends_on', 'providers'])),
  provider: block(1, ([name]) => {
    const names = PROVIDER_BLOCKS[name ?? ''] ?? [];
    return {
      block: (n: string) =>
        names.includes(n) ? plain(0, n === 'features' ? FEATURES : ATTRIBUTES_ONLY) : undefined,
    };
  }),
  variable: plain(1, bodyWith({ validation: CONDITION }, ['type'])),
  output: plain(1, bodyWith({ precondition: CONDITION }, ['depends_on'])),
  locals: plain(0),
  terraform: plain(
    0,
    bodyWith({
      required_providers: plain(0),
      backend: plain(1),
      cloud: plain(0, bodyWith({ workspaces: plain(0) })),
      provider_meta: plain(1),
    }),
  ),
  moved: plain(0, bodyWith({}, ['from', 'to'])),
  import: plain(0, bodyWith({}, ['to', 'provider'])),
  removed: plain(0, bodyWith({ lifecycle: LIFECYCLE }, ['from'])),
  check: plain(1, bodyWith({ assert: CONDITION })),
});

/** azurerm's `features { key_vault { … } }`: every object inside is a block. */
const FEATURES: TJsonBodySchema = {
  block: (_name, value) => (isObject(value) ? plain(0, FEATURES) : undefined),
};

/** A `.tf.json` file read as a Terraform configuration file. */
export function parseTerraformJson(path: string, text: string): THclFile {
  return parseHclJson(path, text, ROOT);
}

/** A `.tfvars.json` file: variable values, written as plain JSON (no templates). */
export function parseTfvarsJson(path: string, text: string): THclFile {
  return parseHclJson(path, text, { block: () => undefined, literal: true });
}
