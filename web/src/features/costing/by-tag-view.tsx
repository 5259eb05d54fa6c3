import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getTagCost } from '@stratum/core/contract/tags/insights';
import { ListState } from '../../components/list-state';
import { SelectField } from '../../components/select-field';
import { callApi } from '../../lib/api-client';
import { formatUsd } from '../../lib/money';

const costByTagQuery = (key: string | null) => ({
  queryKey: ['tags', 'cost', key],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await callApi(getTagCost, { query: key ? { key } : {}, signal })).data,
});

/** The monthly estimate of all the user's projects, grouped by the values of one tag key. */
export function ByTagView() {
  const [key, setKey] = useState<string | null>(null);
  const cost = useQuery(costByTagQuery(key));
  return (
    <ListState result={cost} what="the cost by tag">
      {(data) =>
        data.key === null ? (
          <p className="pt-5 text-sm text-slate-600">
            None of your projects carries tags yet: add default or component tags on the board to
            see their cost here.
          </p>
        ) : (
          <div className="space-y-3 pt-5">
            <div className="max-w-xs">
              <SelectField
                label="Tag key"
                value={data.key}
                onChange={(e) => setKey(e.target.value)}
                options={data.keys.map((k) => ({ value: k, label: k }))}
              />
            </div>
            <p className="text-sm text-slate-700">
              Monthly list-price estimate of your projects, {formatUsd(data.total)} in all, by the
              value of <span className="font-mono">{data.key}</span> (a component's own tag over its
              design's default).
            </p>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full text-sm">
                <caption className="sr-only">Cost by {data.key}</caption>
                <thead className="bg-slate-50 text-left text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Value
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Monthly
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Components
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Projects
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.rows.map((r) => (
                    <tr key={r.value ?? ''}>
                      <td className="px-3 py-2 font-mono">
                        {r.value ?? <em className="font-sans text-slate-600">not tagged</em>}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatUsd(r.monthly)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{r.components}</td>
                      <td className="px-3 py-2 text-xs text-slate-700">
                        {r.projects.map((p) => `${p.name} ${formatUsd(p.monthly)}`).join(', ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )
      }
    </ListState>
  );
}
