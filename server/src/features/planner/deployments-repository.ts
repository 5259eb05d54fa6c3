import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProjectDeploymentsTable } from '../../db/schema';
import { keepNewest } from './history-repository';
import { isUuid } from './repository';

export type DeploymentRow = Selectable<ProjectDeploymentsTable>;

/** Executions kept per project: the newest; older ones are dropped. */
export const MAX_DEPLOYMENTS_PER_PROJECT = 100;

/** Stores an execution and drops the oldest past the limit; call it inside a transaction. */
export async function insertDeployment(
  trx: Db,
  values: Omit<DeploymentRow, 'id' | 'rollback_requested_at'>,
): Promise<DeploymentRow> {
  const row = await trx
    .insertInto('project_deployments')
    .values({
      ...values,
      resources: JSON.stringify(values.resources),
      cost_summary: JSON.stringify(values.cost_summary),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await keepNewest(trx, 'project_deployments', values.project_id, MAX_DEPLOYMENTS_PER_PROJECT);
  return row;
}

export function listDeployments(db: Db, projectId: string): Promise<DeploymentRow[]> {
  return db
    .selectFrom('project_deployments')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findDeployment(
  db: Db,
  projectId: string,
  id: string,
): Promise<DeploymentRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('project_deployments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Records a rollback once, only of an execution completed by `completedBefore` (its start time
 * at most then). Answers the updated row, or undefined when not allowed.
 */
export function requestRollback(
  db: Db,
  projectId: string,
  id: string,
  at: Date,
  completedBefore: Date,
): Promise<DeploymentRow | undefined> {
  return db
    .updateTable('project_deployments')
    .set({ rollback_requested_at: at })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('rollback_requested_at', 'is', null)
    .where('started_at', '<=', completedBefore)
    .returningAll()
    .executeTakeFirst();
}
