import type { TDriftChange, TDriftStatus } from '../contract/drift/scans';
import { suggestedAddress } from './actual/common';
import { applyIgnoreRules, compileRules } from './ignore';
import type {
  TActualResource,
  TActualVerdict,
  TDesiredResource,
  TDetectDrift,
  TDriftResult,
  TResourceRef,
} from './model';
import { compareResource, maskSensitive } from './normalize';
import { isAzureId, mergeNoise, type TNoiseCounts } from './noise';

const STATUS_ORDER: Record<TDriftStatus, number> = {
  changed: 0,
  missing: 1,
  unmanaged: 2,
  unknown: 3,
};

function idKey(type: string, id: string): string {
  return `${type}\u0000${isAzureId(id) ? id.toLowerCase() : id}`;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pathText(path: readonly (string | number)[]): string {
  return path.map(String).join('\u0000');
}

/**
 * Compares the desired side (IaC) with the actual side (the cloud, or a tool's verdicts) into
 * the four buckets, plus in sync and not checked (types the scan did not read: counted, never
 * reported missing). Deterministic: changes by bucket, then address; attributes by path.
 */
export const detectDrift: TDetectDrift = (desired, actual, options) => {
  const noise: TNoiseCounts = {};
  mergeNoise(noise, actual.noise);
  const rules = compileRules(options.ignoreRules);
  const desiredList = desired ?? [];
  const byAddress = new Map(desiredList.map((d) => [d.address, d]));
  const byId = new Map<string, TDesiredResource>();
  for (const d of desiredList) if (d.id) byId.set(idKey(d.type, d.id), d);
  const accounted = new Set<string>();
  const usedAddresses = new Set(desiredList.map((d) => d.address));
  const checkedTypes = new Set(actual.readTypes);
  const notCheckedTypes = new Set<string>();
  const changes: TDriftChange[] = [];
  let inSync = 0;
  let notChecked = 0;
  let ignored = 0;

  const add = (change: TDriftChange) => {
    const result = applyIgnoreRules(change, rules);
    ignored += result.hidden;
    if (result.change) changes.push(result.change);
    else if (!result.isResourceHidden) inSync += 1;
  };
  const find = (ref: { address: string | null; type: string; id: string | null }) =>
    (ref.address !== null ? byAddress.get(ref.address) : undefined) ??
    (ref.id !== null ? byId.get(idKey(ref.type, ref.id)) : undefined);
  const unmanagedAddress = (type: string, id: string | null) => {
    const base = suggestedAddress(type, id);
    let address = base;
    for (let n = 2; usedAddresses.has(address); n += 1) address = `${base}_${n}`;
    usedAddresses.add(address);
    return address;
  };

  for (const v of actual.verdicts) {
    checkedTypes.add(v.resourceType);
    const d =
      (v.isAddressSuggested ? undefined : byAddress.get(v.address)) ??
      (v.previousAddress ? byAddress.get(v.previousAddress) : undefined) ??
      (v.id !== null ? byId.get(idKey(v.resourceType, v.id)) : undefined);
    if (d && accounted.has(d.address)) continue;
    if (d) accounted.add(d.address);
    if (d && v.status === 'unmanaged') {
      // The tool judged against another state; this desired side manages it.
      notChecked += 1;
      continue;
    }
    add(toChange(v, d, unmanagedAddress));
  }

  const readById = new Map<string, TActualResource>();
  for (const a of actual.read) readById.set(idKey(a.type, a.id), a);
  const readTypes = new Set(actual.readTypes);
  const matchedRead = new Set<string>();
  for (const d of desiredList) {
    if (accounted.has(d.address) || !readTypes.has(d.type)) continue;
    accounted.add(d.address);
    const base = {
      address: d.address,
      id: d.id,
      resourceType: d.type,
      blastRadius: null,
      recommendation: null,
    };
    if (!d.id) {
      add({
        ...base,
        status: 'unknown',
        attributes: [],
        reason: 'IaC has no id for it, so it cannot be matched with the read.',
      });
      continue;
    }
    const key = idKey(d.type, d.id);
    const a = readById.get(key);
    if (!a) {
      add({ ...base, status: 'missing', attributes: [], reason: null });
      continue;
    }
    matchedRead.add(key);
    const attributes = a.attributes
      ? compareResource(d.type, d.attributes, a.attributes, noise, d.sensitivePaths)
      : [];
    if (attributes.length === 0) inSync += 1;
    else add({ ...base, status: 'changed', attributes, reason: null });
  }
  // Sorted, so suggested addresses that collide get their `_2` the same way every time.
  const reads = [...actual.read].sort((x, y) => cmp(x.type, y.type) || cmp(x.id, y.id));
  for (const a of reads) {
    const key = idKey(a.type, a.id);
    if (matchedRead.has(key) || byId.has(key)) continue;
    if (desired === null) {
      // A cloud read alone says nothing about drift: without IaC to compare, it is not checked.
      notCheckedTypes.add(a.type);
      notChecked += 1;
      continue;
    }
    add({
      address: unmanagedAddress(a.type, a.id),
      id: a.id,
      resourceType: a.type,
      status: 'unmanaged',
      attributes: [],
      reason: null,
      blastRadius: null,
      recommendation: null,
    });
  }

  const countRefs = (refs: readonly TResourceRef[], isInSync: boolean) => {
    for (const ref of refs) {
      const d = find(ref);
      if (d && accounted.has(d.address)) continue;
      if (d) accounted.add(d.address);
      if (isInSync) {
        checkedTypes.add(ref.type);
        inSync += 1;
      } else {
        notCheckedTypes.add(ref.type);
        notChecked += 1;
      }
    }
  };
  countRefs(actual.inSync, true);
  countRefs(actual.notChecked, false);
  for (const d of desiredList) {
    if (accounted.has(d.address)) continue;
    notCheckedTypes.add(d.type);
    notChecked += 1;
  }

  changes.sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || cmp(a.address, b.address),
  );
  for (const c of changes) c.attributes.sort((x, y) => cmp(pathText(x.path), pathText(y.path)));
  const count = (s: TDriftStatus) => changes.filter((c) => c.status === s).length;
  return {
    summary: {
      inSync,
      changed: count('changed'),
      missing: count('missing'),
      unmanaged: count('unmanaged'),
      unknown: count('unknown'),
      notChecked,
    },
    changes,
    checkedTypes: [...checkedTypes].sort(cmp),
    notCheckedTypes: [...notCheckedTypes].sort(cmp),
    noise: Object.entries(noise)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => cmp(a, b))
      .map(([rule, n]) => ({ rule, count: n })),
    ignored,
    warnings: [...actual.warnings],
    planActions: [...actual.planActions],
  } satisfies TDriftResult;
};

function toChange(
  v: TActualVerdict,
  d: TDesiredResource | undefined,
  unmanagedAddress: (type: string, id: string | null) => string,
): TDriftChange {
  let address = v.address;
  if (d) address = v.isAddressSuggested ? d.address : v.address;
  // ARM types (what-if) have no Terraform address: their resource id stays the address.
  else if (v.status === 'unmanaged' && v.isAddressSuggested && !v.resourceType.includes('/'))
    address = unmanagedAddress(v.resourceType, v.id);
  return {
    address,
    id: v.id ?? d?.id ?? null,
    resourceType: v.resourceType,
    status: v.status,
    attributes: d ? maskSensitive(v.attributes, d.sensitivePaths) : [...v.attributes],
    reason: v.reason,
    blastRadius: v.blastRadius,
    recommendation: v.recommendation,
  };
}
