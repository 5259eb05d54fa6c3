import { CLOUD_PROFILES } from '../../iac/catalog/registry';
import type { TServiceDefinition } from '../../iac/catalog/service';
import { builtView } from './probe';
import { buildDesign, probeDesign } from './probe-design';
import type { TPropertyProbe } from './probe-values';

/**
 * List items the builder splits into a block's attributes (`device_id:text` → a column block
 * `name = "device_id"`, `type = "text"`): probed with items in two parts, what each part becomes.
 */
export interface TItemParts {
  /** Between the two parts of an item (`:`). */
  readonly separator: string;
  /** The key of the second part after the item's position (`].type`). */
  readonly keySuffix: string;
}

type TFamily = Extract<TPropertyProbe, { kind: 'list-family' }>;

const SEPARATORS = [':', '='];
const FIRST = ['zq7alpha', 'zq7beta'];
const SECOND = ['zq7gamma', 'zq7delta'];
const cache = new Map<string, TItemParts | null>();

/** How the items of a list written one block each split in two, if they do. */
export function itemParts(service: TServiceDefinition, family: TFamily): TItemParts | undefined {
  const id = `${service.id}|${family.key}`;
  const cached = cache.get(id);
  if (cached !== undefined) return cached ?? undefined;
  const found = findParts(service, family);
  cache.set(id, found ?? null);
  return found;
}

function findParts(service: TServiceDefinition, family: TFamily): TItemParts | undefined {
  // Only a block per item (`…column[0].name`) has sibling attributes.
  if (!family.keyPrefix.endsWith('[') || !family.keySuffix.startsWith('].')) return undefined;
  const region = CLOUD_PROFILES[service.cloud].regions[0] ?? '';
  for (const separator of SEPARATORS) {
    const items = FIRST.map((a, i) => `${a}${separator}${SECOND[i]}`);
    const design = probeDesign(service.cloud, region, [
      { id: 'probe-x', service, properties: { [family.key]: items } },
    ]);
    const built = buildDesign(design);
    if (!built) continue;
    const view = builtView(built, 'probe-x');
    const at = `${family.keyPrefix}${family.start}`;
    if (view.get(`${at}${family.keySuffix}`)?.c !== `${family.prefix}${FIRST[0]}${family.suffix}`)
      continue;
    for (const [k, e] of view) {
      if (!k.startsWith(`${at}].`) || e.c !== `"${SECOND[0]}"`) continue;
      return { separator, keySuffix: k.slice(at.length) };
    }
  }
  return undefined;
}
