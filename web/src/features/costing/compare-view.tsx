import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import type { TUsageInput } from '@stratum/core/costing/model';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { CLOUDS } from '@stratum/core/iac/types';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { formatUsd } from '../../lib/money';
import { compareQuery, type TComparison } from './api/estimate';
import { BreakdownChart } from './breakdown-chart';
import { comparisonRows, unmappedOf } from './breakdown';
import { comparisonCsv, downloadCsv } from './csv';
import { cloudLabel, serviceName } from './names';
import { PriceDate } from './price-date';
import { QueryState } from './query-state';

export interface CompareViewProps {
  design: TDesign;
  environment: string | undefined;
  usage: TUsageInput;
  fileStem: string;
}

/** The design re-targeted to each cloud and priced there, component by component. */
export function CompareView({ design, environment, usage, fileStem }: CompareViewProps) {
  const comparison = useQuery(compareQuery({ design, environment, usage }));
  return (
    <QueryState result={comparison} what="the comparison">
      {(data, isUpdating) => (
        <ComparisonResult data={data} isUpdating={isUpdating} fileStem={fileStem} />
      )}
    </QueryState>
  );
}

function ComparisonResult({
  data,
  isUpdating,
  fileStem,
}: {
  data: TComparison;
  isUpdating: boolean;
  fileStem: string;
}) {
  const rows = useMemo(() => comparisonRows(data), [data]);
  const nameOf = useMemo(() => {
    const names = new Map(data.mapping.map((m) => [m.componentId, m.name]));
    return (id: string) => names.get(id) ?? id;
  }, [data]);
  const adjustments = data.clouds.flatMap((c) =>
    (c.adjustments ?? []).map((a, i) => ({ ...a, cloud: c.cloud, key: `${c.cloud}-${i}` })),
  );
  const unmapped = useMemo(() => unmappedOf(data), [data]);
  const clouds = CLOUDS.map((cloud) => data.clouds.find((c) => c.cloud === cloud));
  const priced = data.clouds.filter((c) => c.priced && c.estimate);
  const unpricedClouds = new Set(data.clouds.filter((c) => !c.priced).map((c) => c.cloud));
  const cheapest = priced.reduce<(typeof priced)[number] | undefined>(
    (best, c) =>
      best?.estimate && c.estimate && best.estimate.monthlyTotal <= c.estimate.monthlyTotal
        ? best
        : c,
    undefined,
  );
  const dates = priced.flatMap((c) => [c.estimate?.book.oldest, c.estimate?.book.newest]);
  const known = dates.filter((d): d is string => typeof d === 'string').sort();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="text-sm text-slate-700">
            The same design on each cloud, with the engine&apos;s service mapping and the same usage
            assumptions. Each total leaves out what that cloud could not price.
            {isUpdating && <Spinner className="ml-2 inline size-4" />}
          </p>
          <PriceDate
            oldest={known[0] ?? null}
            newest={known[known.length - 1] ?? null}
            version={priced[0]?.estimate?.book.version ?? '—'}
          />
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadCsv(`${fileStem}-clouds.csv`, comparisonCsv(data))}
        >
          <Download className="size-4" aria-hidden="true" />
          Export comparison (CSV)
        </Button>
      </div>

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Monthly cost on each cloud, by component</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium uppercase">
                Component
              </th>
              {clouds.map((c, i) => (
                <th key={CLOUDS[i]} scope="col" className="px-3 py-2 font-medium">
                  <span className="uppercase">{cloudLabel(CLOUDS[i] ?? 'aws')}</span>
                  {c && <span className="block font-normal normal-case">{c.region}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.componentId} className="align-top">
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {row.name}
                </th>
                {CLOUDS.map((cloud) => {
                  const cell = row.clouds[cloud];
                  return (
                    <td key={cloud} className="px-3 py-2">
                      <span className="block text-xs text-slate-600">
                        {cell.service ? serviceName(cell.service) : 'no equivalent'}
                      </span>
                      {cell.monthly !== null ? (
                        <span className="font-medium text-slate-900 tabular-nums">
                          {formatUsd(cell.monthly)}
                        </span>
                      ) : unpricedClouds.has(cloud) ? (
                        // The reason is the cloud's, said once in the totals row.
                        <span className="text-xs text-slate-600">not priced</span>
                      ) : (
                        <span className="text-xs text-slate-600">{cell.reason}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 bg-slate-50">
            <tr className="align-top">
              <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                Total per month
              </th>
              {clouds.map((c, i) => (
                <td key={CLOUDS[i]} className="px-3 py-2">
                  {c?.priced && c.estimate ? (
                    <>
                      <span
                        className={clsx(
                          'font-semibold tabular-nums',
                          c === cheapest ? 'text-green-800' : 'text-slate-900',
                        )}
                      >
                        {formatUsd(c.estimate.monthlyTotal)}
                      </span>
                      {c === cheapest && priced.length > 1 && (
                        <Badge tone="success" className="ml-1">
                          lowest
                        </Badge>
                      )}
                      {c.estimate.unpriced.length > 0 && (
                        <span className="block text-xs text-slate-600">
                          {c.estimate.unpriced.length} not priced
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="text-xs text-slate-700">
                      <Badge>unpriced</Badge>
                      <span className="mt-1 block">{c?.reason ?? 'Not priced'}</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>

      <BreakdownChart
        title="Totals side by side"
        description="Each priced cloud's monthly total for this design."
        shares={priced.map((c) => ({
          key: c.cloud,
          label: cloudLabel(c.cloud),
          monthly: c.estimate?.monthlyTotal ?? 0,
        }))}
        nameHeader="Cloud"
        showShare={false}
        empty="No cloud could price this design."
      />

      <section aria-labelledby="unmapped-title" className="space-y-2">
        <h2 id="unmapped-title" className="text-base font-semibold text-slate-900">
          Could not be mapped{unmapped.length > 0 ? ` (${unmapped.length})` : ''}
        </h2>
        {unmapped.length === 0 ? (
          <p className="text-sm text-slate-600">
            Every component has an equivalent on every cloud.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {unmapped.map((u) => (
              <li key={`${u.componentId}-${u.cloud}`} className="px-4 py-2.5">
                <span className="font-medium text-slate-900">{u.name}</span> on{' '}
                {cloudLabel(u.cloud)}: <span className="text-slate-700">{u.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {adjustments.length > 0 && (
        <section aria-labelledby="adjustments-title" className="space-y-2">
          <h2 id="adjustments-title" className="text-base font-semibold text-slate-900">
            What re-targeting changed ({adjustments.length})
          </h2>
          <p className="text-xs text-slate-600">
            Sizes are mapped to the nearest tier, the region to its nearest equivalent, and a value
            another cloud does not offer to its default.
          </p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {adjustments.map((a) => (
              <li key={a.key} className="px-4 py-2.5">
                <span className="font-medium text-slate-900">{cloudLabel(a.cloud)}</span>
                {a.componentId !== null && <> · {nameOf(a.componentId)}</>}:{' '}
                <span className="text-slate-700">{a.message}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
