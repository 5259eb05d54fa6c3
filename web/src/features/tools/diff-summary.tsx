import type { LineDiffStats } from '@stratum/core/tools/diff/line-diff';
import { plural } from './format';

export interface DiffSummaryProps {
  stats: LineDiffStats;
}

/** The counts, each with a sign as well as a colour. */
export function DiffSummary({ stats }: DiffSummaryProps) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium text-green-800">+{plural(stats.added, 'added line')}</span>
      <span className="font-medium text-red-800">−{plural(stats.removed, 'removed line')}</span>
      <span className="font-medium text-amber-900">~{plural(stats.changed, 'changed line')}</span>
      <span className="text-slate-600">{stats.unchanged.toLocaleString('en-US')} unchanged</span>
    </p>
  );
}
