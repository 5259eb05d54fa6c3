import { queryOptions } from '@tanstack/react-query';
import { getEgressAllowList } from '@stratum/core/contract/system-config/egress-allow-list';
import { callApi } from '../../../lib/api-client';
import { databaseKeys } from './keys';

export const egressAllowListQuery = () =>
  queryOptions({
    queryKey: databaseKeys.egress(),
    queryFn: async ({ signal }) => (await callApi(getEgressAllowList, { signal })).data,
  });
