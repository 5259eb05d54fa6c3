import { ShieldAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TCluster } from '@stratum/core/contract/k8s/cluster';
import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isApiError } from '../../lib/api-client';
import { useDeleteCluster } from './api/clusters';

export interface ClusterListProps {
  clusters: readonly TCluster[];
  activeId: string | null;
  onChoose: (cluster: TCluster) => void;
  onDeleted: (cluster: TCluster) => void;
}

/** InsecureBadge: TLS is not verified for this cluster (insecure-skip-tls-verify). */
export function InsecureBadge() {
  return (
    <Badge tone="warning" className="gap-1">
      <ShieldAlert className="size-3" aria-hidden="true" /> TLS not verified
    </Badge>
  );
}

/** The user's clusters: server, context, the insecure mark; choose one or delete it. */
export function ClusterList({ clusters, activeId, onChoose, onDeleted }: ClusterListProps) {
  const [deleting, setDeleting] = useState<TCluster | null>(null);
  const remove = useDeleteCluster();
  if (clusters.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        No clusters yet. Paste a kubeconfig above to add one per context.
      </p>
    );
  }
  const confirmDelete = () => {
    if (!deleting) return;
    const cluster = deleting;
    remove.mutate(cluster.id, {
      onSuccess: () => {
        toast.success(`${cluster.name} removed`);
        onDeleted(cluster);
      },
      onError: (error) =>
        toast.error(isApiError(error) ? error.message : `${cluster.name} could not be removed.`),
      onSettled: () => setDeleting(null),
    });
  };
  return (
    <>
      <p className="text-xs text-slate-600">
        {clusters.length} of {K8S_LIMITS.clustersPerUser} clusters
      </p>
      <ul
        aria-label="Your clusters"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
      >
        {clusters.map((cluster) => (
          <li key={cluster.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
            <div className="min-w-0 flex-1 basis-64">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-all text-slate-900">{cluster.name}</span>
                {cluster.id === activeId && <Badge tone="brand">Active</Badge>}
                {cluster.isInsecure && <InsecureBadge />}
              </div>
              <div className="mt-0.5 text-xs break-all text-slate-600">
                <code className="font-mono">{cluster.server}</code> · context {cluster.context} ·
                namespace {cluster.namespace}
              </div>
            </div>
            <div className="flex gap-2">
              {cluster.id !== activeId && (
                <Button size="sm" variant="secondary" onClick={() => onChoose(cluster)}>
                  Use
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${cluster.name}`}
                onClick={() => setDeleting(cluster)}
              >
                <Trash2 className="size-4" aria-hidden="true" /> Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Delete this cluster?"
        description={
          deleting
            ? `${deleting.name} and its stored credentials are removed from Stratum. The cluster itself is not touched.`
            : ''
        }
        confirmLabel="Delete cluster"
        isDanger
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
