import { queryOptions } from '@tanstack/react-query';
import { listDatabaseLog } from '@stratum/core/contract/database/list-database-log';
import { callApi } from '../../../lib/api-client';
import { databaseKeys } from './keys';

export const databaseLogQuery = () =>
  queryOptions({
    queryKey: databaseKeys.log(),
    queryFn: async ({ signal }) =>
      (await callApi(listDatabaseLog, { query: { limit: '100' }, signal })).data,
  });
