import clsx from 'clsx';
import type { TCheck } from '@stratum/core/contract/monitoring/check';
import { StateLabel, formatMs, formatUptime, targetText } from './check-state';

export interface StatusGridProps {
  checks: TCheck[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Every check with its state, uptime and last latency; choosing one shows its chart. */
export function StatusGrid({ checks, selectedId, onSelect }: StatusGridProps) {
  return (
    <ul aria-label="Checks" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {checks.map((check) => (
        <li key={check.id}>
          <button
            type="button"
            aria-pressed={check.id === selectedId}
            onClick={() => onSelect(check.id)}
            className={clsx(
              'w-full rounded-lg border bg-white p-4 text-left shadow-xs transition hover:border-brand-400',
              check.id === selectedId
                ? 'border-brand-600 ring-1 ring-brand-600'
                : 'border-slate-200',
              check.state === 'down' && check.id !== selectedId && 'border-red-300',
            )}
          >
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 truncate font-semibold text-slate-900">{check.name}</span>
              <StateLabel state={check.state} isInMaintenance={check.isInMaintenance} />
            </div>
            <p className="mt-1 truncate text-xs text-slate-600">{targetText(check)}</p>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-600">Uptime 24 h</dt>
                <dd className="font-medium text-slate-900">{formatUptime(check.uptime.h24)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">30 days</dt>
                <dd className="font-medium text-slate-900">{formatUptime(check.uptime.d30)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Latency</dt>
                <dd className="font-medium text-slate-900">{formatMs(check.lastLatencyMs)}</dd>
              </div>
            </dl>
            {check.state === 'down' && check.lastError && (
              <p className="mt-2 line-clamp-2 text-xs text-red-800">{check.lastError}</p>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
