import type { TDecorator } from './ast';
import type { TExprContext } from './context';
import { toJson } from './json-to-arm';

/** Decorators read by name, and `@description`/`@metadata` → an ARM `metadata` object. */
export const decorator = (list: readonly TDecorator[], name: string) =>
  list.find((d) => d.name === name);

export function metadataOf(decorators: readonly TDecorator[], ctx: TExprContext) {
  const m = decorator(decorators, 'metadata');
  const description = decorator(decorators, 'description');
  const out: Record<string, unknown> = m?.args[0]
    ? (toJson(m.args[0], ctx) as Record<string, unknown>)
    : {};
  if (description?.args[0]) out['description'] = toJson(description.args[0], ctx);
  return Object.keys(out).length > 0 ? out : undefined;
}
