import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZSnapshotParams } from './snapshot';

export const deleteSnapshot = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:id/snapshots/:snapshotId',
  summary: 'Delete a version snapshot',
  auth: true,
  params: ZSnapshotParams,
  response: ZOk,
  audit: { action: 'snapshots.delete', target: 'snapshot' },
});
