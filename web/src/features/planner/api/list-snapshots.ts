import { queryOptions } from '@tanstack/react-query';
import { listSnapshots } from '@stratum/core/contract/planner/list-snapshots';
import { callApi } from '../../../lib/api-client';
import { plannerKeys } from './keys';

/** GET /api/projects/:id/snapshots: the version history, newest first (without data). */
export const snapshotsQuery = (projectId: string) =>
  queryOptions({
    queryKey: plannerKeys.snapshots(projectId),
    queryFn: ({ signal }) => callApi(listSnapshots, { params: { id: projectId }, signal }),
    select: (response) => response.data.snapshots,
  });
