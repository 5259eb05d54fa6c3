import type { TDatabaseConfigBody } from '@stratum/core/contract/database/database-config';
import { saveDatabaseConfig } from '@stratum/core/contract/database/save-database-config';
import { callApi } from '../../../lib/api-client';
import { useDatabaseMutation } from './use-database-mutation';

export const useSaveDatabaseConfig = () =>
  useDatabaseMutation(
    async (body: TDatabaseConfigBody) => (await callApi(saveDatabaseConfig, { body })).data,
  );
