import { queryOptions } from '@tanstack/react-query';
import { getCostHistory } from '@stratum/core/contract/costing/history';
import { callApi } from '../../../lib/api-client';
import { costingKeys } from './keys';

/** GET /api/costing/history/:projectId (Enterprise): cost per generation and a forecast. */
export const costHistoryQuery = (projectId: string) =>
  queryOptions({
    queryKey: costingKeys.history(projectId),
    queryFn: async ({ signal }) =>
      (await callApi(getCostHistory, { params: { projectId }, signal })).data,
  });
