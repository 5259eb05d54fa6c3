import { queryOptions } from '@tanstack/react-query';
import { getProject } from '@stratum/core/contract/planner/get-project';
import { designFromState } from '@stratum/core/planner/design-from-state';
import { callApi } from '../../../lib/api-client';
import { costingKeys } from './keys';

/** GET /api/projects/:id, as the design document its saved planner state describes. */
export const projectDesignQuery = (id: string) =>
  queryOptions({
    queryKey: costingKeys.project(id),
    queryFn: async ({ signal }) => {
      const { project } = (await callApi(getProject, { params: { id }, signal })).data;
      return { project, design: designFromState(project.state) };
    },
  });
