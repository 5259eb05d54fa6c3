import { Check, Clock, Minus } from 'lucide-react';
import { PLAN_CAPABILITIES } from '@stratum/core/plan-features';
import { PLAN_LIST } from '@stratum/core/plans';
import {
  canUse,
  GATED_FEATURES,
  hasTwinCapability,
  TWIN_CAPABILITIES,
} from '@stratum/core/plans-gating';
import type { TPlanId } from '@stratum/core/contract/common';
import { Panel } from '../../components/panel';
import { FEATURE_LABELS, TWIN_LABELS } from './subscription-text';

interface Row {
  key: string;
  label: string;
  isIncluded: (plan: TPlanId) => boolean;
  /** Not built yet (areas registry): shown as coming, never as included. */
  isComing: boolean;
}

const isComing = (key: string) =>
  PLAN_CAPABILITIES.some((c) => c.key === key && c.state === 'coming');

/** §6 feature gating and digital-twin capabilities, from core's tables. */
const ROWS: Row[] = [
  ...GATED_FEATURES.map((feature) => ({
    key: feature,
    label: FEATURE_LABELS[feature],
    isIncluded: (plan: TPlanId) => canUse(plan, feature),
    isComing: isComing(feature),
  })),
  ...TWIN_CAPABILITIES.map((capability) => ({
    key: `twin-${capability}`,
    label: TWIN_LABELS[capability],
    isIncluded: (plan: TPlanId) => hasTwinCapability(plan, capability),
    isComing: isComing(`twin-${capability}`),
  })),
];

function Included({ isIncluded, isComing }: { isIncluded: boolean; isComing: boolean }) {
  if (isIncluded && isComing) {
    return (
      <>
        <Clock className="mx-auto size-4 text-slate-400" aria-hidden="true" />
        <span className="sr-only">Coming, not available yet</span>
      </>
    );
  }
  return isIncluded ? (
    <>
      <Check className="mx-auto size-4 text-green-700" aria-hidden="true" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus className="mx-auto size-4 text-slate-400" aria-hidden="true" />
      <span className="sr-only">Not included</span>
    </>
  );
}

/** A compact matrix: on a phone it still fits (icons only), else it scrolls inside itself. */
export function PlanComparison() {
  return (
    <Panel title="What each plan can use">
      <div
        role="region"
        aria-label="Features by plan"
        tabIndex={0}
        className="-mx-2 overflow-x-auto px-2"
      >
        <table className="w-full min-w-[20rem] text-sm">
          <caption className="sr-only">Features and digital-twin capabilities by plan</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th scope="col" className="py-2 pr-2 text-left font-medium">
                Feature
              </th>
              {PLAN_LIST.map((plan) => (
                <th key={plan.id} scope="col" className="px-1 py-2 text-center font-medium">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {ROWS.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-800">
                  {row.label}
                  {row.isComing && (
                    <span className="ml-1.5 text-xs whitespace-nowrap text-slate-600">
                      (coming)
                    </span>
                  )}
                </th>
                {PLAN_LIST.map((plan) => (
                  <td key={plan.id} className="px-1 py-2 text-center">
                    <Included isIncluded={row.isIncluded(plan.id)} isComing={row.isComing} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        <Clock className="mr-1 inline size-3.5 align-[-2px] text-slate-400" aria-hidden="true" />
        Coming: the plan will include it once it is built; it is not available yet.
      </p>
    </Panel>
  );
}
