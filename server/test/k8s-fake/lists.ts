/**
 * GET on a collection: the list shape, limit/continue with a consistent snapshot,
 * remainingItemCount only without selectors, and the resourceVersion rules of
 * api-concepts.md ("Semantics for get and list") and ValidateListOptions.
 */
import { decodeContinue, encodeContinue } from './continue-token';
import { groupVersion, type KindInfo } from './kinds';
import { predicateFrom } from './selectors';
import { errors } from './status';
import type { FakeStore, KubeObject } from './store';

export interface ListRequest {
  info: KindInfo;
  /** Undefined: every namespace (or a cluster-scoped kind). */
  namespace?: string;
  query: URLSearchParams;
}

const EXPIRED_CONTINUE =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** Parses a resourceVersion parameter; "" and "0" are "any". */
export function parseResourceVersion(value: string | null): number | undefined {
  if (value === null || value === '' || value === '0') return undefined;
  if (!/^\d+$/.test(value)) {
    throw errors.badRequest(
      `invalid resource version "${value}": strconv.ParseUint: parsing "${value}": invalid syntax`,
    );
  }
  return Number(value);
}

function validateListOptions(query: URLSearchParams): void {
  const rv = query.get('resourceVersion') ?? '';
  const match = query.get('resourceVersionMatch') ?? '';
  const cont = query.get('continue') ?? '';
  const causes: { reason: string; message: string; field: string }[] = [];
  if (match) {
    if (match !== 'Exact' && match !== 'NotOlderThan') {
      causes.push({
        reason: 'FieldValueNotSupported',
        field: 'resourceVersionMatch',
        message: `Unsupported value: "${match}": supported values: "Exact", "NotOlderThan"`,
      });
    } else if (!rv) {
      causes.push({
        reason: 'FieldValueForbidden',
        field: 'resourceVersionMatch',
        message: 'Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
      });
    } else if (cont) {
      causes.push({
        reason: 'FieldValueForbidden',
        field: 'resourceVersionMatch',
        message: 'Forbidden: resourceVersionMatch is forbidden when continue is provided',
      });
    } else if (match === 'Exact' && rv === '0') {
      causes.push({
        reason: 'FieldValueForbidden',
        field: 'resourceVersionMatch',
        message: 'Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
      });
    }
  }
  if (causes.length) throw errors.invalidOptions('ListOptions', causes);
  if (cont && rv && rv !== '0')
    throw errors.badRequest('specifying resource version is not allowed when using continue');
}

function parseLimit(query: URLSearchParams): number {
  const text = query.get('limit');
  if (text === null || text === '') return 0;
  if (!/^-?\d+$/.test(text))
    throw errors.badRequest(`limit: Invalid value: "${text}": must be an integer`);
  return Math.max(0, Number(text));
}

/** Strips kind/apiVersion: items in a real list carry neither. */
function asItem(object: KubeObject): KubeObject {
  const { kind: _k, apiVersion: _a, ...rest } = object;
  return rest;
}

export function listObjects(
  store: FakeStore,
  { info, namespace, query }: ListRequest,
): Record<string, unknown> {
  validateListOptions(query);
  const predicate = predicateFrom(info, query);
  const limit = parseLimit(query);
  const requestedRv = parseResourceVersion(query.get('resourceVersion'));
  const exact =
    query.get('resourceVersionMatch') === 'Exact' ||
    (limit > 0 && !query.get('resourceVersionMatch'));
  const prefix = info.namespaced && namespace !== undefined ? `${namespace}/` : '';

  let rev = store.revision;
  let startKey = '';
  const token = query.get('continue');
  if (token) {
    const decoded = decodeContinue(token);
    if (decoded.rv !== -1 && decoded.rv < store.compactedRevision) {
      throw errors.expired(EXPIRED_CONTINUE, encodeContinue(-1, decoded.start));
    }
    if (decoded.rv !== -1) rev = decoded.rv;
    startKey = prefix + decoded.start;
  } else if (requestedRv !== undefined) {
    if (requestedRv > store.revision)
      throw errors.tooLargeResourceVersion(requestedRv, store.revision);
    if (exact) {
      if (requestedRv < store.compactedRevision) {
        throw errors.expired('The resourceVersion for the provided list is too old.');
      }
      rev = requestedRv;
    }
  }

  const all = store
    .snapshot(info, rev, info.namespaced ? namespace : undefined)
    .filter((entry) => entry.key >= startKey && predicate.matches(entry.object));
  const page = limit > 0 ? all.slice(0, limit) : all;
  const metadata: Record<string, unknown> = { resourceVersion: String(rev) };
  if (page.length < all.length) {
    const last = page[page.length - 1]!;
    metadata.continue = encodeContinue(rev, `${last.key.slice(prefix.length)}\u0000`);
    if (predicate.empty) metadata.remainingItemCount = all.length - page.length;
  }
  return {
    kind: `${info.kind}List`,
    apiVersion: groupVersion(info),
    metadata,
    items: page.map((entry) => asItem(entry.object)),
  };
}
