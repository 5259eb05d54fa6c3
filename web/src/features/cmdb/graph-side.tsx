import { TriangleAlert } from 'lucide-react';
import type { TGraph } from '@stratum/core/contract/cmdb/graph';
import { GROUPINGS, rollups, type TGrouping } from './graph-model';

const TITLES: Record<TGrouping, string> = {
  module: 'By module',
  type: 'By type',
  cloud: 'By cloud',
};

/** Dependencies that point outside the source, counted and listed, never dropped. */
export function GraphWarnings({ graph }: { graph: TGraph }) {
  const external = graph.nodes.filter((n) => n.external).length;
  const total = graph.warnings.reduce((n, w) => n + w.count, 0);
  if (total === 0 && external === 0) return null;
  return (
    <section
      aria-label="Graph warnings"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h2 className="flex items-center gap-1.5 font-semibold">
        <TriangleAlert className="size-4" aria-hidden="true" />
        {total.toLocaleString()} warning{total === 1 ? '' : 's'} · {external.toLocaleString()}{' '}
        external node
        {external === 1 ? '' : 's'}
      </h2>
      <ul className="mt-1 space-y-1">
        {graph.warnings.map((w) => (
          <li key={w.code}>
            {w.message} ({w.count.toLocaleString()})
            {w.examples.length > 0 && (
              <details>
                <summary className="cursor-pointer text-xs underline">Which</summary>
                <ul className="font-mono text-xs break-all">
                  {w.examples.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Counts by module, type and cloud; a click searches for that value. */
export function GraphRollups({
  graph,
  onSearch,
}: {
  graph: TGraph;
  onSearch: (text: string) => void;
}) {
  const r = rollups(graph);
  return (
    <section aria-label="Rollups" className="space-y-3 text-sm">
      {GROUPINGS.map((by) => (
        <details key={by} open={by === 'type'}>
          <summary className="cursor-pointer font-semibold text-slate-900">
            {TITLES[by]} ({r[by].length})
          </summary>
          <ul className="mt-1 max-h-48 space-y-0.5 overflow-y-auto">
            {r[by].map(([value, count]) => (
              <li key={value} className="flex justify-between gap-2">
                <button
                  type="button"
                  disabled={value === '(root)' || by === 'cloud'}
                  onClick={() => onSearch(value)}
                  className="truncate text-left font-mono text-xs text-slate-800 enabled:hover:underline"
                >
                  {value}
                </button>
                <span className="text-xs text-slate-600 tabular-nums">{count}</span>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
