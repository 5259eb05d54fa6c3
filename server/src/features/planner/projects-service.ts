import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import {
  EMPTY_PLANNER_STATE,
  type TPlannerState,
} from '@stratum/core/contract/planner/planner-state';
import { PROJECT_LIMITS } from '@stratum/core/contract/planner/project';
import { PLANS } from '@stratum/core/plans';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  notFound,
  requireProject,
  requireRole,
  stateOf,
  type Actor,
  type PlannerDeps,
} from './context';
import { projectMemberIds } from './membership';
import { notifyMembers } from './live';
import { presentProject, presentProjectSummary, presentUsage } from './presenters';
import * as repo from './repository';

/**
 * Projects: the planner state with optimistic concurrency, and the plan's project limit. Editors
 * save and rename; only the owner deletes; anyone with access may duplicate into their own.
 */
export class ProjectsService {
  constructor(private readonly deps: PlannerDeps) {}

  async list(userId: string) {
    const { db } = this.deps;
    const [rows, { limits }, owned] = await Promise.all([
      repo.listProjects(db, userId),
      this.deps.plans.state(userId),
      repo.countProjects(db, userId),
    ]);
    return {
      projects: rows.map((r) => presentProjectSummary(r, stateOf(r.state, r.name))),
      usage: presentUsage(limits.maxProjects, owned),
    };
  }

  async get(userId: string, id: string) {
    const row = await requireProject(this.deps.db, userId, id);
    return presentProject(row, stateOf(row.state, row.name));
  }

  create(actor: Actor, input: { name: string; description: string; state?: TPlannerState }) {
    return this.insertCounted(actor, 'projects.create', {
      name: input.name,
      description: input.description,
      state: input.state ?? EMPTY_PLANNER_STATE,
    });
  }

  /** A copy owned by the caller (a viewer too, as "Make a copy" in a shared document). */
  async duplicate(actor: Actor, id: string, name: string | undefined) {
    const source = await requireProject(this.deps.db, actor.id, id);
    return this.insertCounted(
      actor,
      'projects.duplicate',
      {
        name: name ?? `Copy of ${source.name}`.slice(0, PROJECT_LIMITS.name),
        description: source.description,
        state: stateOf(source.state, source.name),
      },
      id,
    );
  }

  /** Autosave: one `UPDATE … RETURNING` over the revision the client read; else 409 or 404. */
  async saveState(actor: Actor, id: string, revision: number, state: TPlannerState) {
    const { db } = this.deps;
    const role = await requireRole(db, actor.id, id, 'edit');
    const saved = await db.transaction().execute(async (trx) => {
      const row = await repo.saveState(trx, actor.id, id, revision, state);
      if (!row) return undefined;
      await writeAudit(trx, actor, {
        action: 'projects.save',
        targetType: 'project',
        targetId: id,
        before: { revision },
        after: { revision: row.revision },
      });
      return row;
    });
    if (saved) {
      await notifyMembers(this.deps, id, actor.id, 'design');
      return presentProjectSummary({ ...saved, role }, state);
    }
    // Not saved: a role lost meanwhile answers 404 or 403 as above; otherwise the revision moved.
    await requireRole(db, actor.id, id, 'edit');
    const currentRevision = await repo.currentRevision(db, id);
    if (currentRevision === undefined) throw notFound();
    throw new AppError('planner/revision_conflict', PLANNER_MSG.revisionConflict, {
      currentRevision,
    });
  }

  /** Name and description: editors and the owner, as in a shared document. */
  async rename(actor: Actor, id: string, values: { name: string; description?: string }) {
    const { db } = this.deps;
    await requireRole(db, actor.id, id, 'edit');
    await db.transaction().execute(async (trx) => {
      const before = await repo.lockProject(trx, id);
      if (!before || !(await repo.rename(trx, id, values))) throw notFound();
      await writeAudit(trx, actor, {
        action: 'projects.rename',
        targetType: 'project',
        targetId: id,
        before: { name: before.name, description: before.description },
        after: { name: values.name, description: values.description ?? before.description },
      });
    });
    await notifyMembers(this.deps, id, actor.id, 'settings');
    const row = await requireProject(db, actor.id, id);
    return presentProjectSummary(row, stateOf(row.state, row.name));
  }

  /** The owner only; members lose access with it (their memberships cascade). */
  async remove(actor: Actor, id: string) {
    const { db } = this.deps;
    await requireRole(db, actor.id, id, { owner: 'delete it; you can leave it instead' });
    const members = await projectMemberIds(db, id);
    await db.transaction().execute(async (trx) => {
      const before = await repo.lockProject(trx, id);
      if (!before || !(await repo.deleteProject(trx, id))) throw notFound();
      await writeAudit(trx, actor, {
        action: 'projects.delete',
        targetType: 'project',
        targetId: id,
        before: { name: before.name, revision: before.revision, members: members.length - 1 },
      });
    });
    await this.deps.quota.recordProjectDeleted(actor.id);
    await notifyMembers(this.deps, id, actor.id, 'removed', members);
    const [{ limits }, count] = await Promise.all([
      this.deps.plans.state(actor.id),
      repo.countProjects(db, actor.id),
    ]);
    return { usage: presentUsage(limits.maxProjects, count) };
  }

  /** Counts the project against the plan first (atomically), then stores it with its audit. */
  private async insertCounted(
    actor: Actor,
    action: 'projects.create' | 'projects.duplicate',
    values: { name: string; description: string; state: TPlannerState },
    sourceId?: string,
  ) {
    const { db, quota } = this.deps;
    const userId = actor.id;
    let limit;
    try {
      limit = (await quota.recordProjectCreated(userId)).limit;
    } catch (error) {
      if (error instanceof AppError && error.code === 'subscription/project_limit') {
        const { currentPlan } = await this.deps.plans.state(userId);
        const { name, maxProjects } = PLANS[currentPlan];
        throw new AppError('planner/project_limit', PLANNER_MSG.projectLimit(name, maxProjects));
      }
      throw error;
    }
    let row;
    try {
      row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertProject(trx, { userId, ...values });
        await writeAudit(trx, actor, {
          action,
          targetType: 'project',
          targetId: inserted.id,
          after: { name: values.name, ...(sourceId && { sourceId }) },
        });
        return inserted;
      });
    } catch (error) {
      await quota.recordProjectDeleted(userId);
      throw error;
    }
    const count = await repo.countProjects(db, userId);
    return {
      project: presentProject({ ...row, role: 'owner' }, values.state),
      usage: presentUsage(limit, count),
    };
  }
}
