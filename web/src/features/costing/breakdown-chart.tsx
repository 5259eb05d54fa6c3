import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '../../lib/money';
import { sumUsd, type TShare } from './breakdown';

export interface BreakdownChartProps {
  title: string;
  /** One sentence saying what the bars are, read before the table. */
  description: string;
  shares: readonly TShare[];
  /** The first column's heading in the table equivalent, e.g. "Service". */
  nameHeader: string;
  /** Shown instead of the chart and table when there is nothing to draw. */
  empty: string;
  /** Whether each bar is a part of one whole (services) rather than a whole of its own (environments). */
  showShare?: boolean;
}

/** More bars than this are drawn as one "Other" bar; the table still lists every one. */
const MAX_BARS = 8;

/**
 * A horizontal bar chart of monthly cost with its table equivalent below it: the chart is for
 * the eye, the table is what a screen reader (and anyone copying figures) reads.
 */
export function BreakdownChart({
  title,
  description,
  shares,
  nameHeader,
  empty,
  showShare = true,
}: BreakdownChartProps) {
  const id = useId();
  const bars =
    shares.length > MAX_BARS
      ? [
          ...shares.slice(0, MAX_BARS - 1),
          {
            key: '__other',
            label: `Other (${shares.length - MAX_BARS + 1})`,
            monthly: sumUsd(shares.slice(MAX_BARS - 1).map((s) => s.monthly)),
          },
        ]
      : shares;
  const total = sumUsd(shares.map((s) => s.monthly));
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <figcaption>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-0.5 text-xs text-slate-600">{description}</p>
      </figcaption>
      {shares.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <div aria-hidden="true" className="mt-3" style={{ height: 24 + bars.length * 30 }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={bars}
                layout="vertical"
                margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid horizontal={false} stroke="#e2e8f0" />
                <XAxis
                  type="number"
                  tickFormatter={(v: number) => `$${Math.round(v).toLocaleString('en-US')}`}
                  tick={{ fontSize: 11, fill: '#475569' }}
                  stroke="#cbd5e1"
                />
                <YAxis
                  type="category"
                  dataKey="label"
                  width={120}
                  tick={{ fontSize: 11, fill: '#334155' }}
                  tickFormatter={(v: string) => (v.length > 18 ? `${v.slice(0, 17)}…` : v)}
                  stroke="#cbd5e1"
                />
                <Tooltip
                  formatter={(v) => [formatUsd(Number(v)), 'per month']}
                  cursor={{ fill: '#eef2ff' }}
                />
                <Bar
                  dataKey="monthly"
                  fill="#4f46e5"
                  radius={[0, 3, 3, 0]}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <table className="mt-3 w-full text-xs">
            <caption className="sr-only">{title}: monthly cost</caption>
            <thead className="text-left text-slate-600">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {nameHeader}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Per month
                </th>
                {showShare && (
                  <th scope="col" className="py-1 pl-2 text-right font-medium">
                    Share
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shares.map((s) => (
                <tr key={s.key}>
                  <th
                    scope="row"
                    className="py-1 pr-2 text-left font-normal break-words text-slate-800"
                  >
                    {s.label}
                  </th>
                  <td className="py-1 text-right text-slate-900 tabular-nums">
                    {formatUsd(s.monthly)}
                  </td>
                  {showShare && (
                    <td className="py-1 pl-2 text-right text-slate-600 tabular-nums">
                      {total > 0 ? `${Math.round((s.monthly / total) * 100)}%` : '—'}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
