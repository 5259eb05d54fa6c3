import {
  DEPLOY_TIMELINE_MS,
  type TCostSummary,
  type TDeployLog,
  type TDeployResource,
  type TDeployStatus,
} from '@stratum/core/contract/planner/deployment';

export interface SimulationInput {
  startedAt: Date;
  rollbackRequestedAt: Date | null;
  provider: string;
  environment: string;
  resources: readonly TDeployResource[];
  costSummary: TCostSummary;
}

export interface SimulationState {
  status: TDeployStatus;
  endTime: Date | null;
  logs: TDeployLog[];
  rollbackAvailable: boolean;
  cost: number | null;
  rollback: { status: 'running' | 'completed'; startTime: Date; endTime: Date | null } | null;
}

const usd = (n: number) => `$${n.toFixed(2)}`;
const after = (start: Date, ms: number) => new Date(start.getTime() + ms);

/**
 * The §4 simulated execution as of `now`, derived from stored timestamps only: pending; running
 * after 1 s; completed after 5 s with the cost; a rollback logs success 3 s after it was asked.
 * No timer runs, so a restart or another process gives the same answer.
 */
export function simulate(input: SimulationInput, now: Date): SimulationState {
  const { startedAt, resources, costSummary } = input;
  const runningAt = after(startedAt, DEPLOY_TIMELINE_MS.running);
  const completedAt = after(startedAt, DEPLOY_TIMELINE_MS.completed);
  const span = DEPLOY_TIMELINE_MS.completed - DEPLOY_TIMELINE_MS.running;
  const unpriced = costSummary.unpricedCount;
  const timeline: { at: Date; level: TDeployLog['level']; message: string }[] = [
    {
      at: startedAt,
      level: 'info',
      message: `Simulation: deployment of ${resources.length} resources to ${input.provider} (${input.environment}) is pending`,
    },
    { at: runningAt, level: 'info', message: 'Deployment running' },
    ...resources.map((r, i) => ({
      at: after(runningAt, Math.floor((span * (i + 1)) / (resources.length + 1))),
      level: 'info' as const,
      message: `Created ${r.serviceName} "${r.name}"`,
    })),
    {
      at: completedAt,
      level: 'success',
      message:
        `Deployment completed. Simulated cost ${usd(costSummary.simulatedCost)} a month ` +
        `(list price ${usd(costSummary.monthlyTotal)} × ${costSummary.multiplier}, ` +
        `the Simulate driver's multiplier for ${input.provider})` +
        (unpriced > 0 ? `; ${unpriced} resources unpriced` : ''),
    },
  ];
  const rollbackAt = input.rollbackRequestedAt;
  const rollbackDoneAt = rollbackAt ? after(rollbackAt, DEPLOY_TIMELINE_MS.rollback) : null;
  if (rollbackAt && rollbackDoneAt) {
    timeline.push(
      { at: rollbackAt, level: 'warning', message: 'Rollback started' },
      { at: rollbackDoneAt, level: 'success', message: 'Rollback completed successfully' },
    );
  }
  const t = now.getTime();
  const status: TDeployStatus =
    t >= completedAt.getTime() ? 'completed' : t >= runningAt.getTime() ? 'running' : 'pending';
  const isCompleted = status === 'completed';
  return {
    status,
    endTime: isCompleted ? completedAt : null,
    logs: timeline
      .filter((e) => e.at.getTime() <= t)
      .map((e) => ({ timestamp: e.at.toISOString(), level: e.level, message: e.message })),
    rollbackAvailable: isCompleted && rollbackAt === null,
    cost: isCompleted ? costSummary.simulatedCost : null,
    rollback:
      rollbackAt && rollbackDoneAt
        ? {
            status: t >= rollbackDoneAt.getTime() ? 'completed' : 'running',
            startTime: rollbackAt,
            endTime: t >= rollbackDoneAt.getTime() ? rollbackDoneAt : null,
          }
        : null,
  };
}
