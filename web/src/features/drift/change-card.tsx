import clsx from 'clsx';
import { Copy, EyeOff } from 'lucide-react';
import { toast } from 'sonner';
import type { TAttrPath, TDriftChange } from '@stratum/core/contract/drift/scans';
import { Button } from '../../components/button';
import { STATUS_LABELS, STATUS_TONES } from './drift-summary';

export interface ChangeCardProps {
  change: TDriftChange;
  canRecommend: boolean;
  onIgnore: (rule: {
    addressPattern?: string;
    resourceType?: string;
    attributePath?: string;
  }) => void;
}

/** `["tags", "Name"]` → `tags.Name`; what an ignore rule's attribute path looks like. */
export const dottedPath = (path: TAttrPath) => path.map(String).join('.');

export function formatDiffValue(value: unknown): string {
  if (value === undefined) return '(not set)';
  if (typeof value === 'string') return JSON.stringify(value);
  return JSON.stringify(value, null, 2);
}

/** One drifted resource: what differs, attribute by attribute, and what to do about it. */
export function ChangeCard({ change, canRecommend, onIgnore }: ChangeCardProps) {
  const rec = change.recommendation;
  return (
    <li
      aria-label={`${STATUS_LABELS[change.status]} ${change.address}`}
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-xs"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span
              className={clsx(
                'rounded px-1.5 py-0.5 text-xs font-semibold',
                STATUS_TONES[change.status],
              )}
            >
              {STATUS_LABELS[change.status]}
            </span>
            <span className="font-mono text-sm font-semibold break-all text-slate-900">
              {change.address}
            </span>
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {change.resourceType}
            {change.id && <span className="break-all"> · id {change.id}</span>}
            {change.blastRadius !== null && (
              <span>
                {' '}
                · {change.blastRadius} resource{change.blastRadius === 1 ? '' : 's'} depend on it
              </span>
            )}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onIgnore({ addressPattern: change.address })}
        >
          <EyeOff className="size-4" aria-hidden="true" /> Ignore this resource
        </Button>
      </div>
      {change.reason && <p className="mt-2 text-slate-700">Why: {change.reason}</p>}
      {change.attributes.length > 0 && (
        // `relative`: the table's screen-reader-only labels are positioned inside the scrolling
        // box, so a phone's page does not widen to reach them.
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] table-fixed border-collapse text-left text-xs">
            <caption className="sr-only">Attribute differences of {change.address}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                  Attribute
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  IaC (desired)
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Cloud (actual)
                </th>
                <th scope="col" className="w-24 py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {change.attributes.map((a) => (
                <tr key={dottedPath(a.path)} className="border-b border-slate-100 align-top">
                  <th
                    scope="row"
                    className="py-1.5 pr-2 font-mono font-medium break-all whitespace-pre-wrap text-slate-800"
                  >
                    {dottedPath(a.path)}
                  </th>
                  <td className="py-1.5 pr-2">
                    <pre className="rounded bg-red-50 px-1.5 py-0.5 font-mono break-all whitespace-pre-wrap text-red-900">
                      <span className="sr-only">Desired: </span>
                      {formatDiffValue(a.before)}
                    </pre>
                  </td>
                  <td className="py-1.5 pr-2">
                    <pre className="rounded bg-green-50 px-1.5 py-0.5 font-mono break-all whitespace-pre-wrap text-green-900">
                      <span className="sr-only">Actual: </span>
                      {formatDiffValue(a.after)}
                    </pre>
                  </td>
                  <td className="py-1">
                    <button
                      type="button"
                      className="text-xs text-slate-700 underline underline-offset-2 hover:text-slate-900"
                      onClick={() =>
                        onIgnore({
                          resourceType: change.resourceType,
                          attributePath: dottedPath(a.path),
                        })
                      }
                      aria-label={`Ignore ${dottedPath(a.path)} on every ${change.resourceType}`}
                    >
                      Ignore attribute
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canRecommend && rec && (
        <div className="mt-3 rounded-md border border-brand-100 bg-brand-50 p-3">
          <p className="font-medium text-brand-900">
            Recommendation ({rec.action}): {rec.summary}
          </p>
          {rec.code && (
            <div className="relative mt-2">
              <pre className="overflow-x-auto rounded bg-slate-900 p-3 pr-20 font-mono text-xs text-slate-100">
                {rec.code}
              </pre>
              <Button
                variant="secondary"
                size="sm"
                className="absolute top-2 right-2"
                onClick={() =>
                  void navigator.clipboard.writeText(rec.code ?? '').then(
                    () => toast.success('Copied.'),
                    () => toast.error('The browser did not allow copying.'),
                  )
                }
              >
                <Copy className="size-3.5" aria-hidden="true" /> Copy
              </Button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
