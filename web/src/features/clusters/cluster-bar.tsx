import { useQuery } from '@tanstack/react-query';
import type { TCluster } from '@stratum/core/contract/k8s/cluster';
import { SelectField } from '../../components/select-field';
import { namespacesQuery } from './api/resources';
import { InsecureBadge } from './cluster-list';

export interface ClusterBarProps {
  clusters: readonly TCluster[];
  active: TCluster | null;
  namespace: string;
  onChooseCluster: (cluster: TCluster | null) => void;
  onChooseNamespace: (namespace: string) => void;
}

const ALL = '';

/** The active cluster and namespace, chosen once for every tab and remembered. */
export function ClusterBar({
  clusters,
  active,
  namespace,
  onChooseCluster,
  onChooseNamespace,
}: ClusterBarProps) {
  const namespaces = useQuery({ ...namespacesQuery(active?.id ?? ''), enabled: active !== null });
  const names = namespaces.data ?? [];
  // The remembered namespace stays choosable while the list loads or if listing is forbidden.
  const options = namespace !== ALL && !names.includes(namespace) ? [namespace, ...names] : names;
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <SelectField
        label="Cluster"
        className="min-w-0 flex-1 basis-56"
        value={active?.id ?? ''}
        onChange={(event) =>
          onChooseCluster(clusters.find((cluster) => cluster.id === event.target.value) ?? null)
        }
        options={[
          { value: '', label: clusters.length === 0 ? 'No clusters yet' : 'Choose a cluster' },
          ...clusters.map((cluster) => ({ value: cluster.id, label: cluster.name })),
        ]}
      />
      <SelectField
        label="Namespace"
        className="min-w-0 flex-1 basis-44"
        value={namespace}
        disabled={active === null}
        onChange={(event) => onChooseNamespace(event.target.value)}
        options={[
          { value: ALL, label: 'All namespaces' },
          ...options.map((name) => ({ value: name, label: name })),
        ]}
      />
      {active?.isInsecure && (
        <div className="pb-2">
          <InsecureBadge />
        </div>
      )}
    </div>
  );
}
