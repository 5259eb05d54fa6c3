import type { TActualSide, TActualVerdict } from '../model';
import type { TDriftStatus, TAttributeChange } from '../../contract/drift/scans';

export type TJsonResult = { ok: true; value: unknown } | { ok: false; message: string };

/** Parses a file's text as JSON, with a message naming the kind of file that was expected. */
export function parseJsonText(text: string, what: string): TJsonResult {
  const t = text.replace(/^\uFEFF/, '');
  if (t.trim() === '') return { ok: false, message: `The ${what} is empty.` };
  try {
    return { ok: true, value: JSON.parse(t) as unknown };
  } catch (error) {
    const why = error instanceof Error ? error.message : 'unreadable';
    return { ok: false, message: `The ${what} is not JSON (${why}).` };
  }
}

export function emptyActual(): TActualSide {
  return {
    readTypes: [],
    read: [],
    verdicts: [],
    inSync: [],
    notChecked: [],
    noise: {},
    planActions: [],
    warnings: [],
  };
}

/**
 * A Terraform identifier from a cloud id: `i-0103…` → `i_0103…`. Path-like ids (Azure, GCP,
 * URLs, ARNs) keep their last segment; never starts with a digit.
 */
export function identifierFromId(id: string): string {
  const segments = id.split(/[/:]/).filter((x) => x !== '');
  const base = id.includes('/') || id.startsWith('arn:') ? (segments.pop() ?? id) : id;
  let s = base
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (s === '') s = 'resource';
  if (!/^[A-Za-z_]/.test(s)) s = `r_${s}`;
  return s.length > 64 ? s.slice(0, 64).replace(/_+$/, '') : s;
}

/** A suggested address for a resource IaC does not know: `aws_instance.i_010376047a71419f1`. */
export function suggestedAddress(type: string, id: string | null): string {
  return `${identifierFromId(type)}.${identifierFromId(id ?? 'unknown')}`;
}

export function verdict(fields: {
  address: string;
  id: string | null;
  resourceType: string;
  status: TDriftStatus;
  attributes?: TAttributeChange[];
  reason?: string | null;
  previousAddress?: string | null;
  isAddressSuggested?: boolean;
}): TActualVerdict {
  return {
    address: fields.address,
    id: fields.id,
    resourceType: fields.resourceType,
    status: fields.status,
    attributes: fields.attributes ?? [],
    reason: fields.reason ?? null,
    blastRadius: null,
    recommendation: null,
    previousAddress: fields.previousAddress ?? null,
    isAddressSuggested: fields.isAddressSuggested ?? false,
  };
}
