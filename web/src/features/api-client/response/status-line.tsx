import { reasonPhrase } from '@stratum/core/api-client/status-text';
import clsx from 'clsx';
import { useId, useState } from 'react';
import type { TRunResponse, TTimings } from '../api/run';
import { formatBytes, formatMs } from '../format';

export function statusTone(status: number): string {
  if (status >= 500) return 'bg-red-50 text-red-800 ring-red-200';
  if (status >= 400) return 'bg-amber-50 text-amber-900 ring-amber-200';
  if (status >= 300) return 'bg-blue-50 text-blue-800 ring-blue-200';
  if (status >= 200) return 'bg-green-50 text-green-800 ring-green-200';
  return 'bg-slate-100 text-slate-700 ring-slate-200';
}

const PHASES: readonly { key: keyof TTimings; label: string; colour: string }[] = [
  { key: 'dnsMs', label: 'DNS lookup', colour: 'bg-sky-500' },
  { key: 'connectMs', label: 'TCP connect', colour: 'bg-amber-500' },
  { key: 'tlsMs', label: 'TLS handshake', colour: 'bg-purple-500' },
  { key: 'firstByteMs', label: 'First byte', colour: 'bg-green-600' },
  { key: 'totalMs', label: 'Total', colour: 'bg-brand-600' },
];

/** Status, time (with its breakdown), size and attempts of a response. */
export interface StatusLineProps {
  response: TRunResponse;
  /** Every attempt, retries included, in order. */
  attempts: readonly { status?: number; error?: string; ms: number }[];
}

export function StatusLine({ response, attempts }: StatusLineProps) {
  const [isTimingOpen, setIsTimingOpen] = useState(false);
  const timingId = useId();
  const { timings } = response;
  const reason = reasonPhrase(response.status);
  return (
    <div className="space-y-2">
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Status</dt>
          <dd
            data-testid="response-status"
            className={clsx(
              'rounded-full px-2.5 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset',
              statusTone(response.status),
            )}
          >
            {response.status} {reason}
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="text-slate-600">Time</dt>
          <dd>
            <button
              type="button"
              aria-expanded={isTimingOpen}
              aria-controls={timingId}
              aria-label={`Time ${formatMs(timings.totalMs)}, show the breakdown`}
              onClick={() => setIsTimingOpen((v) => !v)}
              className="rounded px-1 font-medium text-slate-900 underline decoration-dotted underline-offset-2 hover:bg-slate-100"
            >
              {formatMs(timings.totalMs)}
            </button>
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="text-slate-600">Size</dt>
          <dd className="font-medium text-slate-900">{formatBytes(response.size)}</dd>
        </div>
        {attempts.length > 1 && (
          <div className="flex min-w-0 items-center gap-1">
            <dt className="text-slate-600">Attempts</dt>
            <dd className="font-medium text-slate-900">
              {attempts.length}{' '}
              <span className="font-normal text-slate-600">
                ({attempts.map((a) => a.status ?? a.error ?? 'failed').join(', ')})
              </span>
            </dd>
          </div>
        )}
      </dl>
      {isTimingOpen && (
        <table id={timingId} className="w-full max-w-md text-xs">
          <caption className="sr-only">Timing breakdown</caption>
          <tbody>
            {PHASES.map(({ key, label, colour }) => {
              const ms = timings[key];
              const share =
                ms === undefined || timings.totalMs <= 0 ? 0 : Math.min(1, ms / timings.totalMs);
              return (
                <tr key={key}>
                  <th scope="row" className="w-28 py-0.5 pr-2 text-left font-normal text-slate-700">
                    {label}
                  </th>
                  <td className="py-0.5">
                    <div className="h-2 rounded-full bg-slate-100">
                      <div
                        className={clsx('h-2 rounded-full', colour)}
                        style={{ width: `${share * 100}%` }}
                      />
                    </div>
                  </td>
                  <td className="w-20 py-0.5 pl-2 text-right font-mono text-slate-900">
                    {ms === undefined ? '—' : formatMs(ms)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
