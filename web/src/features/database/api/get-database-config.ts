import { queryOptions } from '@tanstack/react-query';
import { getDatabaseConfig } from '@stratum/core/contract/database/get-database-config';
import { callApi } from '../../../lib/api-client';
import { databaseKeys } from './keys';

export const databaseConfigQuery = () =>
  queryOptions({
    queryKey: databaseKeys.config(),
    queryFn: async ({ signal }) => (await callApi(getDatabaseConfig, { signal })).data,
  });
