import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { zText } from '../common';
import { ZProjectParams } from './project';
import { SNAPSHOT_LIMITS, ZSnapshotResponse, ZSnapshotTag } from './snapshot';

export const ZCreateSnapshotInput = z.object({
  description: zText(SNAPSHOT_LIMITS.description).default(''),
  tags: z.array(ZSnapshotTag).max(SNAPSHOT_LIMITS.tags).default([]),
});
export type TCreateSnapshotInput = z.input<typeof ZCreateSnapshotInput>;

/** A manual snapshot of the stored planner state (save first: unsaved edits are not in it). */
export const createSnapshot = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:id/snapshots',
  summary: 'Take a manual version snapshot of the stored planner state',
  auth: true,
  params: ZProjectParams,
  body: ZCreateSnapshotInput,
  response: ZSnapshotResponse,
  audit: { action: 'snapshots.create', target: 'snapshot' },
});
