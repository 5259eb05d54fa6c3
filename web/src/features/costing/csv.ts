import { CLOUDS } from '@stratum/core/iac/types';
import type { TEstimate } from '@stratum/core/costing/model';
import type { TPricedPlan } from './api/plan';
import { comparisonRows } from './breakdown';
import type { TComparison } from './api/estimate';

type TCell = string | number | null;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text starting with
 * `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet never runs it as a formula; numbers
 * are written as they are (negative amounts stay numbers).
 */
export function csvField(value: TCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const toCsv = (rows: readonly (readonly TCell[])[]): string =>
  rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

/** The estimate's lines as the page's table shows them, with the price's source in full. */
export function linesCsv(estimate: TEstimate, nameOf: (componentId: string) => string): string {
  return toCsv([
    [
      'component',
      'service',
      'item',
      'sku',
      'region',
      'unit',
      'quantity',
      'unit_price_usd',
      'monthly_usd',
      'as_of',
      'source',
      'usage_based',
      'note',
    ],
    ...estimate.lines.map((l) => [
      l.componentId === null ? (l.address ?? '') : nameOf(l.componentId),
      l.service,
      l.label,
      l.sku,
      l.region,
      l.unit,
      l.quantity,
      l.unitPrice,
      l.monthly,
      l.asOf,
      l.source,
      l.usageBased ? 'yes' : 'no',
      l.note,
    ]),
    ...estimate.unpriced.map((u) => [
      u.componentId === null ? (u.address ?? '') : nameOf(u.componentId),
      u.service,
      `unpriced: ${u.reason}`,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]),
    ['total', null, null, null, null, null, null, null, estimate.monthlyTotal],
  ]);
}

/** One row per component: its service and monthly cost on each cloud, then the totals. */
export function comparisonCsv(comparison: TComparison): string {
  const header = ['component', ...CLOUDS.flatMap((c) => [`${c}_service`, `${c}_monthly_usd`])];
  const rows = comparisonRows(comparison).map((r) => [
    r.name,
    ...CLOUDS.flatMap((c) => [r.clouds[c].service, r.clouds[c].monthly]),
  ]);
  const totals = [
    'total',
    ...CLOUDS.flatMap((c) => {
      const entry = comparison.clouds.find((x) => x.cloud === c);
      return [entry?.priced === false ? 'unpriced' : null, entry?.estimate?.monthlyTotal ?? null];
    }),
  ];
  return toCsv([header, ...rows, totals]);
}

/** A priced plan: one row per resource address with its action and monthly before and after. */
export function planCsv(plan: TPricedPlan): string {
  return toCsv([
    ['address', 'type', 'action', 'monthly_before_usd', 'monthly_after_usd', 'monthly_delta_usd'],
    ...plan.resources.map((r) => [
      r.address,
      r.type,
      r.action,
      r.monthlyBefore,
      r.monthlyAfter,
      Math.round(((r.monthlyAfter ?? 0) - (r.monthlyBefore ?? 0)) * 100) / 100,
    ]),
    ['total', null, null, plan.monthlyBefore, plan.monthlyAfter, plan.monthlyDelta],
  ]);
}

/** Offers text as a file download. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
