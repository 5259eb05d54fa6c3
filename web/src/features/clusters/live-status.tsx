import clsx from 'clsx';
import type { LiveState } from './use-object-list';

const LABELS: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  stopped: 'Updates stopped',
};

/** Whether the table follows the cluster, and why not when it stopped. */
export function LiveStatus({
  live,
  error,
  onRestart,
}: {
  live: LiveState;
  error: string | null;
  onRestart: () => void;
}) {
  return (
    <span role="status" className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
      <span
        aria-hidden="true"
        className={clsx(
          'size-2 rounded-full',
          live === 'live' ? 'bg-green-600' : live === 'stopped' ? 'bg-red-600' : 'bg-amber-500',
        )}
      />
      {LABELS[live]}
      {live === 'stopped' && error && <span className="break-words text-red-700">: {error}</span>}
      {live === 'stopped' && (
        <button type="button" className="font-medium text-brand-700 underline" onClick={onRestart}>
          Reconnect
        </button>
      )}
    </span>
  );
}
