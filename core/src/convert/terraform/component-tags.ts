import { CLOUD_PROFILES } from '../../iac/catalog/registry';
import type { TCloud } from '../../iac/types';
import type { TRecovered } from './components';
import { serviceProbe } from './probe';
import { isTaggedVal, type TVal } from './value';
import { keyOf } from './view';

/**
 * A catalog component's own tags: those on its main resource that are not the design's (the
 * engine writes the design's, the component's on top, on each of its resources), nor the
 * environment, nor AWS's `Name`, nor one its builder writes itself. As a design part: `{ tags }`,
 * or nothing.
 */
export function ownTagsOf(
  r: Pick<TRecovered, 'candidate' | 'service'>,
  cloud: TCloud,
  designTags: ReadonlyMap<string, string>,
  region: string,
): { tags?: Record<string, string> } {
  const attribute = CLOUD_PROFILES[cloud].terraform.tagsAttribute;
  const { primary, local } = r.candidate;
  const written = primary.body[attribute];
  if (!written || !isTaggedVal(written as TVal) || (written as { $: string }).$ !== 'obj')
    return {};
  const builder = serviceProbe(r.service.id, region)?.base;
  const at = `${keyOf(primary.type, primary.name, local)}/${attribute}`;
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries((written as { entries: Record<string, TVal> }).entries)) {
    if (typeof v !== 'string' || designTags.get(k) === v) continue;
    if ((cloud === 'aws' && k === 'Name') || builder?.has(`${at}.${k}`)) continue;
    tags[k] = v;
  }
  return Object.keys(tags).length > 0 ? { tags } : {};
}
