import type { TDeploymentExecution } from '@stratum/core/contract/planner/deployment';
import { formatUsd } from '../../lib/money';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';

export interface DeploymentHistoryProps {
  deployments: readonly TDeploymentExecution[];
  openId: string | null;
  onOpen: (deploymentId: string) => void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The project's executions, newest first; one is shown as it runs. */
export function DeploymentHistory({ deployments, openId, onOpen }: DeploymentHistoryProps) {
  return (
    <section
      aria-labelledby="deploy-history"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id="deploy-history" className="text-sm font-semibold text-slate-900">
        Execution history
      </h3>
      {deployments.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No deployments yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {deployments.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-3 py-2">
              <Badge tone={d.status === 'completed' ? 'success' : 'warning'}>{d.status}</Badge>
              <span className="text-slate-900">{d.environment}</span>
              <span className="text-slate-600">{when(d.startTime)}</span>
              {d.cost !== null && (
                <span className="text-slate-700">simulated {formatUsd(d.cost)}/month</span>
              )}
              {d.rollback && <Badge>rolled back</Badge>}
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                disabled={openId === d.id}
                onClick={() => onOpen(d.id)}
              >
                {openId === d.id ? 'Shown' : 'View'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
