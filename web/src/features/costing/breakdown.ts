import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import type { TCostLine, TEstimate } from '@stratum/core/costing/model';
import type { TComparison } from './api/estimate';

/** Sums money in whole cents, as the estimate's total is the sum of its rounded lines. */
export const sumUsd = (values: readonly number[]): number =>
  values.reduce((cents, v) => cents + Math.round(v * 100), 0) / 100;

export interface TShare {
  key: string;
  label: string;
  monthly: number;
}

/** The lines grouped by a key, largest first (ties by label, so the order is stable). */
function group(
  lines: readonly TCostLine[],
  keyOf: (l: TCostLine) => string,
  labelOf: (key: string) => string,
): TShare[] {
  const byKey = new Map<string, number[]>();
  for (const line of lines) {
    const key = keyOf(line);
    const list = byKey.get(key);
    if (list) list.push(line.monthly);
    else byKey.set(key, [line.monthly]);
  }
  return [...byKey]
    .map(([key, values]) => ({ key, label: labelOf(key), monthly: sumUsd(values) }))
    .sort((a, b) => b.monthly - a.monthly || a.label.localeCompare(b.label));
}

/** Monthly cost by catalog service (`aws.ec2` → its name). */
export const byService = (lines: readonly TCostLine[], nameOf: (service: string) => string) =>
  group(lines, (l) => l.service, nameOf);

/** Monthly cost by component (or resource address for a plan). */
export const byComponent = (lines: readonly TCostLine[], nameOf: (id: string) => string) =>
  group(lines, (l) => l.componentId ?? l.address ?? l.service, nameOf);

/** The clouds the comparison prices (OCI is listed apart, as unpriced). */
export const PRICED_CLOUDS = CLOUDS.filter((c): c is Exclude<TCloud, 'oci'> => c !== 'oci');

export interface TComparisonRow {
  componentId: string;
  name: string;
  /** Per cloud: the service it became (null: no equivalent) and its monthly cost there. */
  clouds: Record<TCloud, { service: string | null; monthly: number | null; reason: string | null }>;
}

/**
 * One row per component of the design: what it became on each cloud and what it costs there.
 * `monthly` is null where the cloud has no equivalent, is unpriced (OCI), or priced nothing of it.
 */
export function comparisonRows(comparison: TComparison): TComparisonRow[] {
  const estimates = new Map(comparison.clouds.map((c) => [c.cloud, c]));
  return comparison.mapping.map((m) => {
    const clouds = {} as TComparisonRow['clouds'];
    for (const cloud of CLOUDS) {
      const entry = estimates.get(cloud);
      const service = m.services[cloud] ?? null;
      const lines = entry?.estimate?.lines.filter((l) => l.componentId === m.componentId) ?? [];
      const unpriced = entry?.estimate?.unpriced.find((u) => u.componentId === m.componentId);
      clouds[cloud] = {
        service,
        monthly: lines.length > 0 ? sumUsd(lines.map((l) => l.monthly)) : null,
        reason:
          service === null
            ? (m.unmapped?.[cloud] ?? 'No equivalent service')
            : entry && !entry.priced
              ? (entry.reason ?? 'Not priced')
              : lines.length === 0
                ? (unpriced?.reason ?? 'Nothing of it has a list price')
                : null,
      };
    }
    return { componentId: m.componentId, name: m.name, clouds };
  });
}

/** What could not be carried to another cloud, one entry per component and cloud. */
export function unmappedOf(comparison: TComparison) {
  return comparison.mapping.flatMap((m) =>
    CLOUDS.filter((c) => m.services[c] === null || m.services[c] === undefined).map((cloud) => ({
      componentId: m.componentId,
      name: m.name,
      cloud,
      reason: m.unmapped?.[cloud] ?? 'No equivalent service on this cloud',
    })),
  );
}

/** The lines of one estimate whose price is older than `isStale` says. */
export const staleLines = (estimate: TEstimate, isStale: (asOf: string) => boolean) =>
  estimate.lines.filter((l) => isStale(l.asOf));
