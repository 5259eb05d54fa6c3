import { connectDatabase } from '@stratum/core/contract/database/connect-database';
import { callApi } from '../../../lib/api-client';
import { useDatabaseMutation } from './use-database-mutation';

export const useConnectDatabase = () =>
  useDatabaseMutation(async () => (await callApi(connectDatabase)).data);
