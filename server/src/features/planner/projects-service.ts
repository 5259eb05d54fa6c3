import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import {
  EMPTY_PLANNER_STATE,
  type TPlannerState,
} from '@stratum/core/contract/planner/planner-state';
import { PROJECT_LIMITS } from '@stratum/core/contract/planner/project';
import { PLANS } from '@stratum/core/plans';
import { AppError } from '../../lib/errors';
import { notFound, requireProject, stateOf, type PlannerDeps } from './context';
import { presentProject, presentProjectSummary, presentUsage } from './presenters';
import * as repo from './repository';

/** Projects: the planner state with optimistic concurrency, and the plan's project limit. */
export class ProjectsService {
  constructor(private readonly deps: PlannerDeps) {}

  async list(userId: string) {
    const [rows, { limits }] = await Promise.all([
      repo.listProjects(this.deps.db, userId),
      this.deps.plans.state(userId),
    ]);
    return {
      projects: rows.map((r) => presentProjectSummary(r, stateOf(r.state, r.name))),
      usage: presentUsage(limits.maxProjects, rows.length),
    };
  }

  async get(userId: string, id: string) {
    const row = await requireProject(this.deps.db, userId, id);
    return presentProject(row, stateOf(row.state, row.name));
  }

  create(userId: string, input: { name: string; description: string; state?: TPlannerState }) {
    return this.insertCounted(userId, {
      name: input.name,
      description: input.description,
      state: input.state ?? EMPTY_PLANNER_STATE,
    });
  }

  async duplicate(userId: string, id: string, name: string | undefined) {
    const source = await requireProject(this.deps.db, userId, id);
    return this.insertCounted(userId, {
      name: name ?? `Copy of ${source.name}`.slice(0, PROJECT_LIMITS.name),
      description: source.description,
      state: stateOf(source.state, source.name),
    });
  }

  /** Autosave: one `UPDATE … RETURNING` over the revision the client read; else 409 or 404. */
  async saveState(userId: string, id: string, revision: number, state: TPlannerState) {
    const { db } = this.deps;
    const saved = await repo.saveState(db, userId, id, revision, state);
    if (saved) return presentProjectSummary(saved, state);
    const currentRevision = await repo.currentRevision(db, userId, id);
    if (currentRevision === undefined) throw notFound();
    throw new AppError('planner/revision_conflict', PLANNER_MSG.revisionConflict, {
      currentRevision,
    });
  }

  async rename(userId: string, id: string, values: { name: string; description?: string }) {
    const { db } = this.deps;
    if (!(await repo.rename(db, userId, id, values))) throw notFound();
    const row = await requireProject(db, userId, id);
    return presentProjectSummary(row, stateOf(row.state, row.name));
  }

  async remove(userId: string, id: string) {
    const { db } = this.deps;
    if (!(await repo.deleteProject(db, userId, id))) throw notFound();
    await this.deps.quota.recordProjectDeleted(userId);
    const [{ limits }, count] = await Promise.all([
      this.deps.plans.state(userId),
      repo.countProjects(db, userId),
    ]);
    return { usage: presentUsage(limits.maxProjects, count) };
  }

  /** Counts the project against the plan first (atomically), then stores it. */
  private async insertCounted(
    userId: string,
    values: { name: string; description: string; state: TPlannerState },
  ) {
    const { db, quota } = this.deps;
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
      row = await repo.insertProject(db, { userId, ...values });
    } catch (error) {
      await quota.recordProjectDeleted(userId);
      throw error;
    }
    const count = await repo.countProjects(db, userId);
    return { project: presentProject(row, values.state), usage: presentUsage(limit, count) };
  }
}
