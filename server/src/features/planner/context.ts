import type { TPlanId } from '@stratum/core/contract/common';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import {
  parsePlannerState,
  type TPlannerState,
} from '@stratum/core/contract/planner/planner-state';
import type { PriceBook } from '@stratum/core/costing/book';
import type { GenerationQuota } from '@stratum/core/subscription';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { SharedState } from '../../lib/shared-state';
import { findProject, type ProjectRow } from './repository';

export interface PlannerDeps {
  db: Db;
  shared: SharedState;
  /** Counts generations and projects against the plan (the subscription feature). */
  quota: GenerationQuota<Db>;
  /** The plan in force for a user, expiry applied, and its limits (the subscription feature). */
  plans: {
    state(userId: string): Promise<{ currentPlan: TPlanId; limits: { maxProjects: number } }>;
  };
  /** The price book in force: the deployment step prices resources from it. */
  books: { current(): Promise<PriceBook> };
  /** The clock of the deployment simulation; tests may move it. */
  now?: () => Date;
}

export const notFound = () => new AppError('planner/not_found', PLANNER_MSG.projectNotFound);

/** The user's project or 404 'Project not found' (unknown ids and others' alike). */
export async function requireProject(db: Db, userId: string, id: string): Promise<ProjectRow> {
  const row = await findProject(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/** A stored state (any version) as the current one: the one parse of it a request makes. */
export function stateOf(stored: unknown, projectName: string): TPlannerState {
  const parsed = parsePlannerState(stored, projectName);
  if (!parsed.ok) throw new Error(`stored planner state cannot be read: ${parsed.message}`);
  return parsed.state;
}

export function invalidDesign(issues: readonly { path: string; message: string }[]): AppError {
  return new AppError('planner/invalid_design', issues[0]?.message ?? PLANNER_MSG.invalidDesign, {
    issues: issues.map((i) => ({ path: i.path, message: i.message })),
  });
}
