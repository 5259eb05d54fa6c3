import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  saveEgressAllowList,
  type TSaveEgressAllowListBody,
} from '@stratum/core/contract/system-config/egress-allow-list';
import { callApi } from '../../../lib/api-client';
import { databaseKeys } from './keys';

export function useSaveEgressAllowList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSaveEgressAllowListBody) =>
      (await callApi(saveEgressAllowList, { body })).data,
    onSuccess: (data) => queryClient.setQueryData(databaseKeys.egress(), data),
  });
}
