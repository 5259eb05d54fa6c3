import { MASKED_VALUE, type TAsset } from '../contract/inventory/model';
import type { TAttrPath } from '../contract/drift/scans';
import type { TInventoryInstance, TParsedSource } from './model';

/** An asset row as the inventory lists it, before the server gives it an id, source and date. */
export type TAssetRow = Omit<TAsset, 'id' | 'sourceId' | 'sourceName' | 'lastSeenAt'>;

/** The instances that are assets: managed ones (data sources never are). */
export function assetInstances(parsed: Pick<TParsedSource, 'instances'>): TInventoryInstance[] {
  return parsed.instances.filter((i) => i.mode === 'managed');
}

export function assetRowOf(i: TInventoryInstance): TAssetRow {
  return {
    address: i.address,
    module: i.module,
    type: i.type,
    provider: i.provider,
    cloud: i.cloud,
    region: i.region,
    cloudId: i.cloudId,
    name: i.displayName,
    tags: i.tags,
  };
}

export function assetRows(parsed: Pick<TParsedSource, 'instances'>): TAssetRow[] {
  return assetInstances(parsed).map(assetRowOf);
}

/**
 * The attributes with every value at a sensitive path replaced by `MASKED_VALUE` (a whole object
 * or list when the path names one). The input is not changed. `maskedPaths` lists the paths that
 * held a value; a path to an absent or null value hides nothing and is left out.
 */
export function maskSensitive(
  attributes: Readonly<Record<string, unknown>>,
  paths: readonly TAttrPath[],
): { attributes: Record<string, unknown>; maskedPaths: TAttrPath[] } {
  const root: Record<string, unknown> = { ...attributes };
  const maskedPaths: TAttrPath[] = [];
  for (const path of paths) {
    if (path.length === 0) continue;
    let node: unknown = root;
    let ok = true;
    // Copy each container on the way so the caller's attributes stay as they were.
    for (let i = 0; i < path.length - 1 && ok; i += 1) {
      const step = path[i];
      const child = childOf(node, step);
      if (typeof child !== 'object' || child === null) {
        ok = false;
        break;
      }
      const copy: unknown = Array.isArray(child)
        ? [...(child as unknown[])]
        : { ...(child as Record<string, unknown>) };
      setChild(node, step, copy);
      node = copy;
    }
    const last = path[path.length - 1];
    if (!ok || last === undefined) continue;
    const value = childOf(node, last);
    if (value === undefined || value === null || value === MASKED_VALUE) continue;
    setChild(node, last, MASKED_VALUE);
    maskedPaths.push([...path]);
  }
  return { attributes: root, maskedPaths };
}

function childOf(node: unknown, step: string | number | undefined): unknown {
  if (step === undefined) return undefined;
  if (Array.isArray(node)) return typeof step === 'number' ? node[step] : undefined;
  if (typeof node === 'object' && node !== null && Object.hasOwn(node, step)) {
    return (node as Record<string, unknown>)[String(step)];
  }
  return undefined;
}

function setChild(node: unknown, step: string | number | undefined, value: unknown): void {
  if (step === undefined) return;
  if (Array.isArray(node) && typeof step === 'number') node[step] = value;
  else if (typeof node === 'object' && node !== null) {
    (node as Record<string, unknown>)[String(step)] = value;
  }
}
