import { testDatabase } from '@stratum/core/contract/database/test-database';
import { callApi } from '../../../lib/api-client';
import { useDatabaseMutation } from './use-database-mutation';

export const useTestDatabase = () =>
  useDatabaseMutation(async () => (await callApi(testDatabase)).data);
