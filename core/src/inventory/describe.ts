import type { TCloud } from '../iac/types';
import { asRecord } from '../costing/tfplan/values';

/**
 * What the inventory shows of a resource, read from its attributes as the provider stores them:
 * tags (with exact keys), region, the cloud's id and a human name.
 */

type TAttrs = Readonly<Record<string, unknown>>;

const TAG_ATTRIBUTES: Readonly<Record<TCloud, readonly string[]>> = {
  // `tags_all` adds the provider's default_tags; `tags` last so its values win.
  aws: ['tags_all', 'tags'],
  azure: ['tags'],
  gcp: ['labels'],
  oci: ['defined_tags', 'freeform_tags'],
};

export function tagsOf(cloud: TCloud | null, attributes: TAttrs): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const attribute of cloud ? TAG_ATTRIBUTES[cloud] : ['tags']) {
    const record = asRecord(attributes[attribute]);
    if (!record) continue;
    for (const [key, value] of Object.entries(record)) {
      if (value === null || value === undefined) continue;
      tags[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return tags;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** `us-central1-a` → `us-central1`; `us-east-1a` → `us-east-1`; `westeurope` stays. */
function regionOfZone(zone: string): string {
  return zone.replace(/-[a-z]$/, '').replace(/(\d)[a-z]$/, '$1');
}

/** A stored region in one spelling per cloud (Azure and GCP regions are case-insensitive). */
export function normalizeRegion(cloud: TCloud | null, region: string | null): string | null {
  if (!region) return null;
  // GCP sometimes stores a self link: `https://www.googleapis.com/compute/v1/projects/p/regions/us-central1`.
  if (cloud === 'gcp' && region.includes('/'))
    return region.slice(region.lastIndexOf('/') + 1).toLowerCase();
  if (cloud === 'azure') return region.toLowerCase().replaceAll(' ', '');
  if (cloud === 'gcp') return region.toLowerCase();
  return region;
}

export function regionOf(
  cloud: TCloud | null,
  attributes: TAttrs,
  providerRegion: string | null,
): string | null {
  const direct = str(attributes.region) ?? str(attributes.location);
  if (direct) return normalizeRegion(cloud, direct);
  const zone = str(attributes.zone) ?? str(attributes.availability_zone);
  // Azure zones are numbers (`"1"`), not places.
  if (zone && !/^\d+$/.test(zone)) {
    return normalizeRegion(cloud, regionOfZone(zone.slice(zone.lastIndexOf('/') + 1)));
  }
  const arn = str(attributes.arn);
  // arn:partition:service:region:account:resource; IAM and other global services leave region empty.
  const arnRegion = arn?.startsWith('arn:') ? arn.split(':')[3] : undefined;
  if (arnRegion) return arnRegion;
  return normalizeRegion(cloud, providerRegion);
}

export function cloudIdOf(attributes: TAttrs): string | null {
  const id = attributes.id;
  if (typeof id === 'number') return String(id);
  return str(id) ?? str(attributes.arn) ?? str(attributes.self_link);
}

const NAME_ATTRIBUTES = ['name', 'bucket', 'identifier', 'function_name', 'display_name', 'title'];

/** The `Name` tag, else a naming attribute, else `fallback` (the block name with its key). */
export function displayNameOf(
  attributes: TAttrs,
  tags: Readonly<Record<string, string>>,
  fallback: string,
): string {
  const tagName = str(tags.Name);
  if (tagName) return tagName;
  for (const attribute of NAME_ATTRIBUTES) {
    const value = str(attributes[attribute]);
    if (value) return value;
  }
  return fallback;
}
