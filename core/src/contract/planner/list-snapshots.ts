import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZProjectParams } from './project';
import { ZSnapshotSummary } from './snapshot';

export const ZListSnapshotsResponse = z.object({
  success: z.literal(true),
  data: z.object({ snapshots: z.array(ZSnapshotSummary) }),
});
export type TListSnapshotsResponse = z.infer<typeof ZListSnapshotsResponse>;

/** The project's version snapshots, newest first, without their data. */
export const listSnapshots = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:id/snapshots',
  summary: 'Version snapshots of a project, newest first',
  auth: true,
  params: ZProjectParams,
  response: ZListSnapshotsResponse,
});
