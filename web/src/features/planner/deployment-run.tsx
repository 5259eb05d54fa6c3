import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { RotateCcw } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatUsd } from '../../lib/money';
import { deploymentQuery } from './api/get-deployment';
import { useRollbackDeployment } from './api/rollback-deployment';

export interface DeploymentRunProps {
  projectId: string;
  deploymentId: string;
  onChanged: () => void;
}

const LEVEL_TONES: Record<string, string> = {
  info: 'text-slate-700',
  success: 'text-emerald-700',
  warning: 'text-amber-800',
  error: 'text-red-700',
};

/** One execution as it runs: status, logs (timestamp, level, message), cost, rollback. */
export function DeploymentRun({ projectId, deploymentId, onChanged }: DeploymentRunProps) {
  const run = useQuery(deploymentQuery(projectId, deploymentId));
  const status = run.data?.status;
  const rollbackStatus = run.data?.rollback?.status;
  useEffect(() => {
    if (status === 'completed') onChanged();
  }, [status, rollbackStatus, onChanged]);
  useEffect(() => {
    if (run.error) toast.error(run.error.message);
  }, [run.error]);
  const rollback = useRollbackDeployment(projectId, deploymentId);
  const handleRollback = () =>
    rollback.mutate(undefined, { onError: (e) => toast.error(e.message) });

  if (run.isError)
    return (
      <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {run.error.message}
      </p>
    );
  if (!run.data) return null;
  const d = run.data;
  return (
    <section aria-labelledby="run-title" className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2.5">
        <h3 id="run-title" className="text-sm font-semibold text-slate-900">
          Deployment to {d.environment}
        </h3>
        <Badge tone="brand">Simulation</Badge>
        <span
          role="status"
          aria-live="polite"
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            d.status === 'completed'
              ? 'bg-emerald-100 text-emerald-800'
              : d.status === 'running'
                ? 'bg-sky-100 text-sky-800'
                : 'bg-slate-100 text-slate-700',
          )}
        >
          {d.status}
        </span>
        {d.cost !== null && (
          <span
            className="text-sm text-slate-700"
            title="List prices from the price book × the simulation's provider multiplier"
          >
            Simulated cost <strong>{formatUsd(d.cost)}</strong>/month
          </span>
        )}
        {d.rollbackAvailable && (
          <Button
            variant="secondary"
            size="sm"
            className="ml-auto"
            isLoading={rollback.isPending}
            onClick={handleRollback}
          >
            <RotateCcw className="size-4" aria-hidden="true" /> Roll back
          </Button>
        )}
        {d.rollback && (
          <span className="ml-auto text-xs text-slate-600">Rollback {d.rollback.status}</span>
        )}
      </div>
      <ol
        aria-label="Deployment logs"
        className="max-h-72 overflow-y-auto bg-slate-950 p-3 font-mono text-xs leading-relaxed"
      >
        {d.logs.map((log, i) => (
          <li key={i} className="flex gap-3">
            <time className="shrink-0 text-slate-400">
              {new Date(log.timestamp).toLocaleTimeString()}
            </time>
            <span
              className={clsx('w-16 shrink-0 uppercase', LEVEL_TONES[log.level], 'brightness-150')}
            >
              {log.level}
            </span>
            <span className="min-w-0 text-slate-100">{log.message}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
