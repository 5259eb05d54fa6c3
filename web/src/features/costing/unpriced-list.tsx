import { CircleSlash } from 'lucide-react';
import type { TUnpriced } from '@stratum/core/costing/model';

export interface UnpricedListProps {
  unpriced: readonly TUnpriced[];
  nameOf: (componentId: string) => string;
  serviceName: (service: string) => string;
  /** Said when nothing is left out. */
  empty?: string;
}

/** What the total leaves out, and why: an estimate that hides its gaps is worse than none. */
export function UnpricedList({
  unpriced,
  nameOf,
  serviceName,
  empty = 'Every component has a list price.',
}: UnpricedListProps) {
  if (unpriced.length === 0) {
    return <p className="text-sm text-slate-600">{empty}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {unpriced.map((u, i) => (
        <li
          key={`${u.componentId ?? u.address ?? ''}-${i}`}
          className="flex gap-3 px-4 py-2.5 text-sm"
        >
          <CircleSlash className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="min-w-0">
            <span className="font-medium text-slate-900">
              {u.componentId !== null ? nameOf(u.componentId) : (u.address ?? u.service)}
            </span>{' '}
            <span className="text-slate-600">({serviceName(u.service)})</span>
            <span className="block text-slate-700">{u.reason}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
