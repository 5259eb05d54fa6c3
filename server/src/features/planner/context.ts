import type { TTagPolicy } from '@stratum/core/tags/model';
import type { TPlanId } from '@stratum/core/contract/common';
import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import {
  parsePlannerState,
  type TPlannerState,
} from '@stratum/core/contract/planner/planner-state';
import type { PriceBook } from '@stratum/core/costing/book';
import type { GenerationQuota } from '@stratum/core/subscription';
import type { Inbox } from '@stratum/core/inbox';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { AuditActor } from '../../lib/audit';
import type { JobRunner } from '../../lib/jobs/pool';
import type { Mailer } from '../../lib/mail/mailer';
import { AppError } from '../../lib/errors';
import type { SharedState } from '../../lib/shared-state';
import { projectRole, type ProjectRole } from './membership';
import { findProject, type ProjectRow } from './repository';
import type { TPlannerJobs } from './generation-job';

export interface PlannerDeps {
  db: Db;
  shared: SharedState;
  /** Invitations: a system message in the invited user's inbox (the messages feature). */
  inbox: Inbox<Db>;
  mailer: Pick<Mailer, 'sendTemplate'>;
  publicUrl: string;
  log: Pick<Logger, 'warn'>;
  /** Counts generations and projects against the plan (the subscription feature). */
  quota: GenerationQuota<Db>;
  /** The plan in force for a user, expiry applied, and its limits (the subscription feature). */
  plans: {
    state(userId: string): Promise<{ currentPlan: TPlanId; limits: { maxProjects: number } }>;
  };
  /** The price book in force: the deployment step prices resources from it. */
  books: { current(): Promise<PriceBook> };
  /** The tag policies that apply to a user (the tags feature): generation enforces them. */
  tagPolicies(userId: string): Promise<TTagPolicy[]>;
  /** The worker pool generation runs in, off the event loop (decision 0032). */
  jobs: JobRunner<TPlannerJobs>;
  /** The clock of the deployment simulation; tests may move it. */
  now?: () => Date;
}

/** Who acts on a project: the audit trail's actor and the name invitations show. */
export type Actor = AuditActor & { name: string };

export const notFound = () => new AppError('planner/not_found', PLANNER_MSG.projectNotFound);

/**
 * What a request needs: `read` (any member), `edit` (editors and the owner: the design,
 * snapshots, generations, deployments) or `owner` (delete, members). `what` names an owner-only
 * action in the 403 message.
 */
export type Need = 'read' | 'edit' | { owner: string };

/**
 * The caller's role in the project, or: 404 'Project not found' for a project they are not a
 * member of (unknown ids and others' alike, so existence is never revealed); 403 for a viewer's
 * write or a member's owner-only action.
 */
export async function requireRole(
  db: Db,
  userId: string,
  id: string,
  need: Need,
): Promise<ProjectRole> {
  const role = await projectRole(db, id, userId);
  if (!role) throw notFound();
  if (need === 'read' || role === 'owner') return role;
  if (need === 'edit') {
    if (role === 'viewer') throw new AppError('planner/read_only', PLANNER_MSG.readOnly);
    return role;
  }
  throw new AppError('planner/owner_only', PLANNER_MSG.ownerOnly(need.owner));
}

/** The project and the caller's role in it, checked as `requireRole` does. */
export async function requireProject(
  db: Db,
  userId: string,
  id: string,
  need: Need = 'read',
): Promise<ProjectRow & { role: ProjectRole }> {
  const role = await requireRole(db, userId, id, need);
  const row = await findProject(db, id);
  if (!row) throw notFound();
  return { ...row, role };
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
