import { defineEndpoint } from '../endpoint';
import { ZSnapshotParams, ZSnapshotResponse } from './snapshot';

/** One snapshot with its data; 404 'Snapshot not found' for unknown or others' ids. */
export const getSnapshot = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id/snapshots/:snapshotId',
  summary: 'One version snapshot with its data',
  auth: true,
  params: ZSnapshotParams,
  response: ZSnapshotResponse,
});
