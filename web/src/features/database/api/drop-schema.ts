import { dropSchema, type TDropSchemaBody } from '@stratum/core/contract/database/drop-schema';
import { callApi } from '../../../lib/api-client';
import { useDatabaseMutation } from './use-database-mutation';

export const useDropSchema = () =>
  useDatabaseMutation((body: TDropSchemaBody) => callApi(dropSchema, { body }));
