import { Unplug } from 'lucide-react';
import { Button } from '../../components/button';
import { K8S_TEXT } from './texts';

/** §5: Kubernetes actions need an active cluster. */
export function NoActiveCluster({
  hasClusters,
  onOpenClusters,
}: {
  hasClusters: boolean;
  onOpenClusters: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
    >
      <Unplug className="size-6 text-slate-500" aria-hidden="true" />
      <p className="font-medium text-slate-900">{K8S_TEXT.noActiveCluster}</p>
      <p className="max-w-md text-sm text-slate-600">
        {hasClusters
          ? 'Choose a cluster in the bar above.'
          : 'Add a cluster from a kubeconfig first.'}
      </p>
      {!hasClusters && (
        <Button variant="secondary" onClick={onOpenClusters}>
          Add a cluster
        </Button>
      )}
    </div>
  );
}
