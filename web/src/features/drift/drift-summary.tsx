import clsx from 'clsx';
import type { TDriftStatus, TDriftSummary } from '@stratum/core/contract/drift/scans';

export const BUCKETS = [
  {
    key: 'changed',
    label: 'Changed',
    tone: 'border-amber-300 bg-amber-50 text-amber-950',
    hint: 'Differs from IaC',
  },
  {
    key: 'missing',
    label: 'Missing',
    tone: 'border-red-300 bg-red-50 text-red-950',
    hint: 'In IaC, gone from the cloud',
  },
  {
    key: 'unmanaged',
    label: 'Unmanaged',
    tone: 'border-violet-300 bg-violet-50 text-violet-950',
    hint: 'In the cloud, unknown to IaC',
  },
  {
    key: 'unknown',
    label: 'Unknown',
    tone: 'border-slate-300 bg-slate-50 text-slate-900',
    hint: 'Could not be compared',
  },
  {
    key: 'inSync',
    label: 'In sync',
    tone: 'border-green-300 bg-green-50 text-green-950',
    hint: 'Same on both sides',
  },
  {
    key: 'notChecked',
    label: 'Not checked',
    tone: 'border-slate-200 bg-white text-slate-800',
    hint: 'Types the scan did not read',
  },
] as const satisfies readonly {
  key: keyof TDriftSummary;
  label: string;
  tone: string;
  hint: string;
}[];

export const STATUS_LABELS: Record<TDriftStatus, string> = {
  changed: 'Changed',
  missing: 'Missing',
  unmanaged: 'Unmanaged',
  unknown: 'Unknown',
};
export const STATUS_TONES: Record<TDriftStatus, string> = {
  changed: 'bg-amber-100 text-amber-950',
  missing: 'bg-red-100 text-red-900',
  unmanaged: 'bg-violet-100 text-violet-900',
  unknown: 'bg-slate-200 text-slate-900',
};

/** The six buckets every serious drift tool has, with their counts. */
export function DriftSummary({ summary }: { summary: TDriftSummary }) {
  return (
    <ul aria-label="Drift summary" className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
      {BUCKETS.map((b) => (
        <li
          key={b.key}
          aria-label={`${b.label}: ${summary[b.key]}`}
          className={clsx('rounded-lg border p-3', b.tone)}
        >
          <p className="text-2xl font-bold tabular-nums">{summary[b.key].toLocaleString()}</p>
          <p className="text-sm font-semibold">{b.label}</p>
          <p className="text-xs opacity-80">{b.hint}</p>
        </li>
      ))}
    </ul>
  );
}
