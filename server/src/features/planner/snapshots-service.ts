import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
import { AppError } from '../../lib/errors';
import { notFound, requireProject, stateOf, type PlannerDeps } from './context';
import * as history from './history-repository';
import { presentProject, presentSnapshot, presentSnapshotSummary } from './presenters';
import { findProject, lockProject, replaceState } from './repository';

const snapshotNotFound = () =>
  new AppError('planner/snapshot_not_found', PLANNER_MSG.snapshotNotFound);

/** §3 Version snapshots: manual ones, automatic ones (generations, restores), restore. */
export class SnapshotsService {
  constructor(private readonly deps: PlannerDeps) {}

  async list(userId: string, projectId: string) {
    await requireProject(this.deps.db, userId, projectId);
    const rows = await history.listSnapshots(this.deps.db, projectId);
    return rows.map(presentSnapshotSummary);
  }

  async get(userId: string, projectId: string, id: string) {
    const project = await requireProject(this.deps.db, userId, projectId);
    const row = await history.findSnapshot(this.deps.db, projectId, id);
    if (!row) throw snapshotNotFound();
    return presentSnapshot(row, stateOf(row.data, project.name));
  }

  /** A manual snapshot of the stored state. */
  async create(userId: string, projectId: string, input: { description: string; tags: string[] }) {
    const { row, state } = await this.deps.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, userId, projectId);
      if (!project) throw notFound();
      const state = stateOf(project.state, project.name);
      // The stored state as it is (an older version included), so a snapshot loses nothing.
      const row = await history.insertSnapshot(trx, {
        projectId,
        type: 'manual',
        description: input.description,
        tags: [...new Set(input.tags)],
        data: project.state,
        revision: project.revision,
      });
      return { row, state };
    });
    return presentSnapshot(row, state);
  }

  /**
   * Replaces the project's state with the snapshot's and adds one to the revision (an open
   * planner elsewhere then gets 409 on its next autosave). The replaced state is kept first as
   * an automatic snapshot, so a restore can itself be undone.
   */
  async restore(userId: string, projectId: string, id: string) {
    const { db } = this.deps;
    const backupId = await db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, userId, projectId);
      if (!project) throw notFound();
      const snapshot = await history.findSnapshot(trx, projectId, id);
      if (!snapshot) throw snapshotNotFound();
      const restored = stateOf(snapshot.data, project.name);
      const when = snapshot.created_at.toISOString().slice(0, 16).replace('T', ' ');
      const backup = await history.insertSnapshot(trx, {
        projectId,
        type: 'auto',
        description: `Before restoring "${snapshot.description || 'snapshot'}" (${when} UTC)`,
        tags: ['restore'],
        data: project.state,
        revision: project.revision,
        keep: [snapshot.id],
      });
      await replaceState(trx, projectId, restored);
      return backup.id;
    });
    const row = await findProject(db, userId, projectId);
    if (!row) throw notFound();
    return {
      project: presentProject(row, stateOf(row.state, row.name)),
      backupSnapshotId: backupId,
    };
  }

  async remove(userId: string, projectId: string, id: string) {
    await requireProject(this.deps.db, userId, projectId);
    if (!(await history.deleteSnapshot(this.deps.db, projectId, id))) throw snapshotNotFound();
  }
}
