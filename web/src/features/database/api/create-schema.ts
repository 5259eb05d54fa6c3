import {
  createSchema,
  type TCreateSchemaBody,
} from '@stratum/core/contract/database/create-schema';
import { callApi } from '../../../lib/api-client';
import { useDatabaseMutation } from './use-database-mutation';

export const useCreateSchema = () =>
  useDatabaseMutation((body: TCreateSchemaBody) => callApi(createSchema, { body }));
