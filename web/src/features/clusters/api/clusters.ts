import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCluster, listClusters, pasteKubeconfig } from '@stratum/core/contract/k8s/clusters';
import { callApi } from '../../../lib/api-client';
import { CLUSTERS_KEY, K8S_KEY } from './keys';

/** GET /api/k8/clusters: the caller's clusters, newest first, no credential in them. */
export const clustersQuery = () =>
  queryOptions({
    queryKey: CLUSTERS_KEY,
    // §7: the list is read from items or data.
    queryFn: async ({ signal }) => {
      const answer = await callApi(listClusters, { signal });
      return answer.items ?? answer.data ?? [];
    },
  });

/** POST /api/k8/clusters/paste-kubeconfig: the kubeconfig goes as plain text, as written. */
export function usePasteKubeconfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kubeconfig: string) =>
      callApi(pasteKubeconfig, { body: kubeconfig, bodyAs: 'text' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLUSTERS_KEY }),
  });
}

/** DELETE /api/k8/clusters/{id}: the cluster and its sealed credentials. */
export function useDeleteCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clusterId: string) => callApi(deleteCluster, { params: { clusterId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: K8S_KEY }),
  });
}
