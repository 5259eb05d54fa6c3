/**
 * Azure resource ids: `/subscriptions/s/resourceGroups/rg/providers/Microsoft.Network/
 * virtualNetworks/v/subnets/x`. Segments are case-insensitive in Azure, but kept as written.
 */

/** The resource a child belongs to (`…/virtualNetworks/v` for a subnet; the resource group for a top-level resource). */
export function armParentId(resourceId: string): string | null {
  if (!resourceId.startsWith('/')) return null;
  const segments = resourceId.split('/').filter((s) => s !== '');
  let providers = -1;
  segments.forEach((s, i) => {
    if (s.toLowerCase() === 'providers') providers = i;
  });
  if (providers < 0) {
    // A resource group's parent is its subscription (rarely in a what-if, linked when present).
    return segments.length === 4 && segments[2]?.toLowerCase() === 'resourcegroups'
      ? `/${segments.slice(0, 2).join('/')}`
      : null;
  }
  const pairs = (segments.length - providers - 2) / 2;
  if (pairs >= 2) return `/${segments.slice(0, -2).join('/')}`;
  // A top-level resource: its scope (resource group, subscription or the resource it extends).
  return providers > 0 ? `/${segments.slice(0, providers).join('/')}` : null;
}

/** What ARM type a resource id names: the last provider namespace and its type segments. */
export function armTypeOf(resourceId: string): string | null {
  if (!resourceId.startsWith('/')) return null;
  const segments = resourceId.split('/').filter((s) => s !== '');
  let providers = -1;
  segments.forEach((s, i) => {
    if (s.toLowerCase() === 'providers') providers = i;
  });
  if (providers >= 0) {
    const namespace = segments[providers + 1];
    if (!namespace) return null;
    const types: string[] = [];
    for (let i = providers + 2; i < segments.length; i += 2) types.push(segments[i] ?? '');
    return types.length > 0 ? `${namespace}/${types.join('/')}` : null;
  }
  const kind = segments.length >= 4 ? segments[2] : segments[0];
  if (kind?.toLowerCase() === 'resourcegroups') return 'Microsoft.Resources/resourceGroups';
  if (kind?.toLowerCase() === 'subscriptions') return 'Microsoft.Resources/subscriptions';
  return null;
}
