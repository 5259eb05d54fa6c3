import { asRecord } from '../../costing/tfplan/values';
import { idOf } from '../desired';
import type { TReadActualResult } from '../model';
import { emptyActual } from './common';

/**
 * A snapshot: a JSON array of one resource type's attribute objects as the provider reads them
 * back (the shape Terraform state uses), without a type field. Matched on `id`. Every desired
 * instance of that type the snapshot lacks is missing; the snapshot's other ids are unmanaged;
 * desired resources of other types are not checked.
 */
export function readSnapshot(doc: unknown, resourceType: string | undefined): TReadActualResult {
  const type = resourceType?.trim();
  if (!type) {
    return { ok: false, message: 'Say which resource type the snapshot holds (resourceType).' };
  }
  if (!/^[a-z][a-z0-9_]*$/.test(type)) {
    return {
      ok: false,
      message: `"${type}" is not a Terraform resource type (like aws_instance).`,
    };
  }
  if (!Array.isArray(doc)) {
    return {
      ok: false,
      message: `A snapshot is a JSON array of ${type} attribute objects; this is not an array.`,
    };
  }
  const actual = emptyActual();
  actual.readTypes = [type];
  const seen = new Set<string>();
  for (let i = 0; i < doc.length; i += 1) {
    const attributes = asRecord(doc[i]);
    if (!attributes) return { ok: false, message: `Snapshot entry ${i} is not an object.` };
    const id = idOf(attributes);
    if (!id) return { ok: false, message: `Snapshot entry ${i} has no "id".` };
    if (seen.has(id)) {
      actual.warnings.push(`The snapshot lists ${id} more than once; the first is used.`);
      continue;
    }
    seen.add(id);
    actual.read.push({ type, id, attributes });
  }
  return { ok: true, value: actual };
}
