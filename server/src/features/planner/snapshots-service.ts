import { PLANNER_MSG } from '@stratum/core/contract/planner/planner-messages';
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
import * as history from './history-repository';
import { presentProject, presentSnapshot, presentSnapshotSummary } from './presenters';
import { notifyMembers } from './live';
import { lockProject, replaceState } from './repository';

const snapshotNotFound = () =>
  new AppError('planner/snapshot_not_found', PLANNER_MSG.snapshotNotFound);

/**
 * §3 Version snapshots: manual ones, automatic ones (generations, restores), restore. Members
 * read them; editors take and restore them (a restore keeps a backup first); only the owner
 * deletes one, as that loses a version for everyone.
 */
export class SnapshotsService {
  constructor(private readonly deps: PlannerDeps) {}

  async list(userId: string, projectId: string) {
    await requireRole(this.deps.db, userId, projectId, 'read');
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
  async create(actor: Actor, projectId: string, input: { description: string; tags: string[] }) {
    await requireRole(this.deps.db, actor.id, projectId, 'edit');
    const { row, state } = await this.deps.db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, projectId);
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
      await writeAudit(trx, actor, {
        action: 'snapshots.create',
        targetType: 'snapshot',
        targetId: row.id,
        after: { projectId, description: row.description, revision: row.revision },
      });
      return { row, state };
    });
    await notifyMembers(this.deps, projectId, actor.id, 'snapshots');
    return presentSnapshot(row, state);
  }

  /**
   * Replaces the project's state with the snapshot's and adds one to the revision (an open
   * planner elsewhere then gets 409 on its next autosave). The replaced state is kept first as
   * an automatic snapshot, so a restore can itself be undone.
   */
  async restore(actor: Actor, projectId: string, id: string) {
    const { db } = this.deps;
    await requireRole(db, actor.id, projectId, 'edit');
    const backupId = await db.transaction().execute(async (trx) => {
      const project = await lockProject(trx, projectId);
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
      await writeAudit(trx, actor, {
        action: 'snapshots.restore',
        targetType: 'snapshot',
        targetId: snapshot.id,
        before: { projectId, revision: project.revision },
        after: { backupSnapshotId: backup.id, revision: project.revision + 1 },
      });
      return backup.id;
    });
    await notifyMembers(this.deps, projectId, actor.id, 'design');
    const row = await requireProject(db, actor.id, projectId);
    return {
      project: presentProject(row, stateOf(row.state, row.name)),
      backupSnapshotId: backupId,
    };
  }

  async remove(actor: Actor, projectId: string, id: string) {
    const { db } = this.deps;
    await requireRole(db, actor.id, projectId, { owner: 'delete a snapshot' });
    await db.transaction().execute(async (trx) => {
      if (!(await history.deleteSnapshot(trx, projectId, id))) throw snapshotNotFound();
      await writeAudit(trx, actor, {
        action: 'snapshots.delete',
        targetType: 'snapshot',
        targetId: id,
        before: { projectId },
      });
    });
    await notifyMembers(this.deps, projectId, actor.id, 'snapshots');
  }
}
