import type { TNode } from './service';

/**
 * A property's distinct values across the environments, the design's own first (as text): what
 * a builder sizes for when one resource serves every environment's value.
 */
export function valuesAcrossEnvironments(
  node: TNode,
  key: string,
  environments: readonly string[],
): string[] {
  const base = String(node.properties[key]);
  return [...new Set([base, ...environments.map((e) => String(node.overrides[e]?.[key] ?? base))])];
}
