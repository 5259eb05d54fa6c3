import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';
import { field, str } from './k8s-object';

/**
 * §3: namespaces are read from `name` or `metadata.name` and de-duplicated; sorted, empty and
 * non-string names dropped.
 */
export function namespaceNames(items: readonly TK8sObject[]): string[] {
  const names = new Set<string>();
  for (const item of items) {
    const name = str(field(item, 'name')) || str(field(item, 'metadata', 'name'));
    if (name.trim() !== '') names.add(name.trim());
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}
