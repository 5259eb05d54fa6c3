import { camel } from '../../build/camel';
import { BuildError } from '../../build/terraform-build';
import { isResourceRef, type TResourceArg } from '../../design/resource-arg';
import { atpl, isArmExpr, param, type TArmValue } from '../../ir/arm-ir';
import type { TArmBuildContext } from '../service';
import { hasFlag, resourceSchema, type TSchemaBlock } from './schema-source';

/**
 * A secret: write-only (the API never returns it) and named like one. Write-only alone is not
 * enough (`createMode`, `pointInTimeUTC` of a PostgreSQL server are write-only too), and the
 * compact type data keeps no `sensitive` flag of its own.
 */
const SECRET_NAME = /password|secret|token|connectionstring|key$/i;
const isSecret = (schema: TSchemaBlock | undefined, key: string) =>
  hasFlag(schema, key, 'W') && SECRET_NAME.test(key);

/** The body properties ARM prints in this order (the rest follow as given). */
const ENVELOPE_ORDER = ['location', 'kind', 'sku', 'identity', 'zones', 'properties'];

/**
 * The ARM value of generic arguments: references become the target's primary resource
 * (`id`, `name`, `properties.x`), write-only properties (passwords, keys) secure parameters.
 */
function armValue(
  ctx: TArmBuildContext,
  value: TResourceArg,
  schema: TSchemaBlock | undefined,
  path: readonly string[],
): TArmValue {
  if (isResourceRef(value)) {
    const target = ctx.lookup(value.$ref);
    if (!target)
      throw new BuildError(`${ctx.node.id}: reference to unknown component "${value.$ref}"`);
    const primary = ctx.primary(target, value.attribute);
    if (!value.prefix && !value.suffix) return primary;
    const [before, after] = [value.prefix ?? '', value.suffix ?? ''];
    if (isArmExpr(primary)) return atpl(before, primary, after);
    return typeof primary === 'string' ? `${before}${primary}${after}` : primary;
  }
  if (Array.isArray(value)) {
    return value.map((v, i) =>
      armValue(ctx, v, schema, value.length > 1 ? [...path, String(i)] : path),
    );
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, TArmValue> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = isSecret(schema, key)
      ? secure(ctx, [...path, key])
      : armValue(ctx, v, schema?.b?.[key], [...path, key]);
  }
  // A required write-only property the board cannot hold: the parameter still has to exist.
  for (const [key, [flags]] of Object.entries(schema?.a ?? {})) {
    if (flags.includes('R') && isSecret(schema, key) && out[key] === undefined) {
      out[key] = secure(ctx, [...path, key]);
    }
  }
  return out;
}

function secure(ctx: TArmBuildContext, path: readonly string[]): TArmValue {
  const name = camel(`${ctx.node.local}_${path.join('_')}`);
  return ctx.parameter({
    name,
    type: 'string',
    secure: true,
    description: `${ctx.node.resource?.type ?? ''} ${ctx.node.name}: ${path.join('.')} (secure).`,
    envVar: name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase(),
  });
}

/** The ARM builder of `azure.arm-resource`: `type`, `apiVersion`, `name`, `location`, `properties`... */
export function buildGenericArm(ctx: TArmBuildContext): void {
  const node = ctx.node;
  const resource = node.resource;
  if (!resource?.apiVersion) {
    throw new BuildError(`${node.id}: an ARM resource needs a type and an API version`);
  }
  const schema = resourceSchema('arm', resource.type);
  const given = armValue(ctx, resource.arguments, schema, []) as Record<string, TArmValue>;
  const { name, tags, ...rest } = given;
  // Child types (`Microsoft.X/parents/children`) and global ones take no location.
  const isChild = resource.type.split('/').length > 2;
  const hasLocation = schema
    ? hasFlag(schema, 'location', 'O') || hasFlag(schema, 'location', 'R')
    : !isChild;
  const hasTags = schema ? schema.a?.['tags'] !== undefined : !isChild;
  const body: Record<string, TArmValue> = {};
  if (hasLocation && rest['location'] === undefined) body['location'] = param('location');
  for (const key of ENVELOPE_ORDER) if (rest[key] !== undefined) body[key] = rest[key];
  for (const [key, v] of Object.entries(rest)) if (!(key in body)) body[key] = v;
  if (hasTags) {
    const own =
      typeof tags === 'object' && tags !== null && !Array.isArray(tags) && !('$' in tags)
        ? tags
        : {};
    body['tags'] = { ...ctx.tags(), ...(own as Record<string, TArmValue>) };
  }
  ctx.resource({
    symbol: ctx.symbol(node),
    type: resource.type,
    apiVersion: resource.apiVersion,
    name: name ?? ctx.name(),
    body,
  });
  ctx.output('id', `ID of ${resource.type} ${node.name}`, ctx.primary(node, 'id'));
}
