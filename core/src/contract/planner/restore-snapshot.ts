import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProject } from './project';
import { ZSnapshotParams } from './snapshot';

export const ZRestoreSnapshotResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** The project with the restored state and a new revision. */
    project: ZProject,
    /** The automatic snapshot of the state the restore replaced (so a restore can be undone). */
    backupSnapshotId: z.string(),
  }),
});
export type TRestoreSnapshotResponse = z.infer<typeof ZRestoreSnapshotResponse>;

/** Replaces the project's planner state with the snapshot's data and adds one to the revision. */
export const restoreSnapshot = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:id/snapshots/:snapshotId/restore',
  summary: 'Restore a version snapshot into the project',
  auth: true,
  params: ZSnapshotParams,
  response: ZRestoreSnapshotResponse,
  audit: { action: 'snapshots.restore', target: 'snapshot' },
});
