import { runQuery, type TRunQueryBody } from '@stratum/core/contract/database/run-query';
import { callApi } from '../../../lib/api-client';
import { useDatabaseMutation } from './use-database-mutation';

export const useRunQuery = () =>
  useDatabaseMutation(async (body: TRunQueryBody) => (await callApi(runQuery, { body })).data);
