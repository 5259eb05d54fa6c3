import clsx from 'clsx';
import type { TCheck } from '@stratum/core/contract/monitoring/check';
import type { TResultRange } from '@stratum/core/contract/monitoring/results';

type TState = TCheck['state'];

const LOOK: Record<TState, { label: string; dot: string; text: string }> = {
  up: { label: 'Up', dot: 'bg-green-600', text: 'text-green-800' },
  down: { label: 'Down', dot: 'bg-red-600', text: 'text-red-800' },
  pending: { label: 'Pending', dot: 'bg-slate-400', text: 'text-slate-700' },
  paused: { label: 'Paused', dot: 'bg-slate-300', text: 'text-slate-600' },
};

/** A state in words and colour (the word carries it; the dot repeats it). */
export function StateLabel({
  state,
  isInMaintenance,
}: {
  state: TState;
  isInMaintenance?: boolean;
}) {
  const look = LOOK[state];
  return (
    <span className={clsx('inline-flex items-center gap-1.5 text-sm font-semibold', look.text)}>
      <span aria-hidden="true" className={clsx('size-2.5 rounded-full', look.dot)} />
      {look.label}
      {isInMaintenance && <span className="font-normal text-amber-800"> · maintenance</span>}
    </span>
  );
}

export const RANGE_LABEL: Record<TResultRange, string> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
};

export const formatUptime = (value: number | null) =>
  value === null ? '—' : `${value.toFixed(2)}%`;
export const formatMs = (value: number | null) =>
  value === null ? '—' : `${Math.round(value)} ms`;

/** What a check watches, in one line, for its owner (never shown on the public page). */
export function targetText(check: TCheck): string {
  const t = check.target;
  switch (t.kind) {
    case 'http':
      return `${t.method} ${t.url}`;
    case 'tcp':
      return `TCP ${t.host}:${t.port}`;
    case 'tls':
      return `TLS ${t.host}:${t.port}, alert ${t.expiryDays} days before expiry`;
    case 'k8s':
      return `Kubernetes cluster${t.namespace ? `, namespace ${t.namespace}` : ''}`;
  }
}
