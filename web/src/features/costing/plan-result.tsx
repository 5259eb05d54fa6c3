import clsx from 'clsx';
import type { TPricedResource } from '@stratum/core/contract/costing/plan';
import { Badge, type BadgeTone } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { formatUsd, formatUsdDelta } from '../../lib/money';
import type { TPricedPlan } from './api/plan';

const ACTION_TONES: Record<TPricedResource['action'], BadgeTone> = {
  create: 'success',
  update: 'warning',
  replace: 'warning',
  delete: 'neutral',
  'no-op': 'neutral',
  read: 'neutral',
};

const money = (n: number | null) => (n === null ? '—' : formatUsd(n));

/** The change one resource makes to the monthly bill (after − before; a missing side is $0). */
export const resourceDelta = (r: TPricedResource): number =>
  Math.round(((r.monthlyAfter ?? 0) - (r.monthlyBefore ?? 0)) * 100) / 100;

function deltaClass(n: number): string {
  if (Math.round(n * 100) === 0) return 'text-slate-700';
  return n > 0 ? 'text-red-800' : 'text-green-800';
}

/** Before, after and the difference the plan makes, per month. */
export function PlanTotals({ plan }: { plan: TPricedPlan }) {
  const items = [
    {
      label: plan.kind === 'plan' ? 'Before the plan' : 'Monthly',
      value: money(plan.monthlyBefore),
    },
    ...(plan.kind === 'plan' ? [{ label: 'After the plan', value: money(plan.monthlyAfter) }] : []),
  ];
  return (
    <div className="space-y-2">
      <dl className="flex flex-wrap gap-3">
        {items.map((i) => (
          <div key={i.label} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <dt className="text-xs text-slate-600">{i.label}</dt>
            <dd className="text-xl font-semibold text-slate-900 tabular-nums">{i.value}</dd>
          </div>
        ))}
        {plan.kind === 'plan' && (
          <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
            <dt className="text-xs text-slate-600">Difference per month</dt>
            <dd
              aria-live="polite"
              className={clsx('text-xl font-semibold tabular-nums', deltaClass(plan.monthlyDelta))}
            >
              {formatUsdDelta(plan.monthlyDelta)}
            </dd>
          </div>
        )}
      </dl>
      <p className="text-xs text-slate-600">
        A Terraform {plan.kind} (format {plan.formatVersion}
        {plan.terraformVersion ? `, Terraform ${plan.terraformVersion}` : ''}), priced with price
        book {plan.book.version}.
      </p>
    </div>
  );
}

/** One row per resource address: its action and its monthly cost before and after. */
export function PlanResources({ resources }: { resources: readonly TPricedResource[] }) {
  return (
    <DataTable
      label="Resources of the plan"
      rows={resources}
      rowKey={(r) => r.address}
      empty="The file lists no managed resource."
      columns={[
        {
          key: 'address',
          header: 'Address',
          cell: (r) => (
            <span className="font-mono text-xs break-all text-slate-900">{r.address}</span>
          ),
        },
        {
          key: 'action',
          header: 'Action',
          cell: (r) => <Badge tone={ACTION_TONES[r.action]}>{r.action}</Badge>,
        },
        {
          key: 'where',
          header: 'Cloud',
          cell: (r) => (
            <span className="text-xs text-slate-700">
              {r.cloud ?? 'not priced'}
              {r.region ? ` · ${r.region}` : ''}
            </span>
          ),
        },
        {
          key: 'before',
          header: 'Before',
          className: 'text-right tabular-nums',
          cell: (r) => money(r.monthlyBefore),
        },
        {
          key: 'after',
          header: 'After',
          className: 'text-right tabular-nums',
          cell: (r) => money(r.monthlyAfter),
        },
        {
          key: 'delta',
          header: 'Difference',
          className: 'text-right tabular-nums font-medium',
          cell: (r) => (
            <span className={deltaClass(resourceDelta(r))}>{formatUsdDelta(resourceDelta(r))}</span>
          ),
        },
      ]}
    />
  );
}
