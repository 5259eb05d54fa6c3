import { disconnectDatabase } from '@stratum/core/contract/database/disconnect-database';
import { callApi } from '../../../lib/api-client';
import { useDatabaseMutation } from './use-database-mutation';

export const useDisconnectDatabase = () =>
  useDatabaseMutation(async () => (await callApi(disconnectDatabase)).data);
