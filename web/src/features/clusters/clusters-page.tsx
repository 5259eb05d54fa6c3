import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { TCluster } from '@stratum/core/contract/k8s/cluster';
import { ListState } from '../../components/list-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { resolveActiveCluster, useActiveChoice } from './active-cluster';
import { clustersQuery } from './api/clusters';
import { ApplyPanel } from './apply-panel';
import { ClusterBar } from './cluster-bar';
import { ClusterList } from './cluster-list';
import { KubeconfigForm } from './kubeconfig-form';
import { NoActiveCluster } from './no-active-cluster';
import { ResourcesView } from './resources-view';

const TABS = ['resources', 'apply', 'clusters'] as const;
type TTab = (typeof TABS)[number];

function tabFromHash(): TTab | null {
  const hash = window.location.hash.slice(1);
  return (TABS as readonly string[]).includes(hash) ? (hash as TTab) : null;
}

/** The Clusters page: the active cluster and namespace on top; resources, apply, clusters below. */
export function ClustersPage() {
  useDocumentTitle('Kubernetes clusters');
  const clusters = useQuery(clustersQuery());
  const { choice, chooseCluster, chooseNamespace } = useActiveChoice();
  const list = clusters.data ?? [];
  const resolved = resolveActiveCluster(choice, list);
  const active = resolved?.cluster ?? null;
  const namespace = resolved?.namespace ?? '';
  const [chosenTab, setChosenTab] = useState<TTab | null>(tabFromHash);
  // With no cluster yet, the page opens where one is added.
  const tab: TTab = chosenTab ?? (clusters.data && list.length === 0 ? 'clusters' : 'resources');
  const openTab = (next: TTab) => {
    setChosenTab(next);
    window.history.replaceState(null, '', `#${next}`);
  };
  const guard = (content: (cluster: TCluster) => ReactNode) =>
    active ? (
      content(active)
    ) : (
      <NoActiveCluster hasClusters={list.length > 0} onOpenClusters={() => openTab('clusters')} />
    );

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Kubernetes clusters</h1>
      <ClusterBar
        clusters={list}
        active={active}
        namespace={namespace}
        onChooseCluster={(cluster) => chooseCluster(cluster?.id ?? null)}
        onChooseNamespace={chooseNamespace}
      />
      <Tabs value={tab} onValueChange={(value) => openTab(value as TTab)}>
        <TabsList aria-label="Clusters page">
          <TabsTrigger value="resources">Resources</TabsTrigger>
          <TabsTrigger value="apply">Apply</TabsTrigger>
          <TabsTrigger value="clusters">
            Clusters{clusters.data ? ` (${list.length})` : ''}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="resources">
          {guard((cluster) => (
            <ResourcesView key={cluster.id} cluster={cluster} namespace={namespace} />
          ))}
        </TabsContent>
        <TabsContent value="apply">
          {guard((cluster) => (
            <ApplyPanel key={cluster.id} cluster={cluster} />
          ))}
        </TabsContent>
        <TabsContent value="clusters" className="space-y-5">
          <section aria-labelledby="add-clusters" className="space-y-3">
            <h2 id="add-clusters" className="text-base font-semibold text-slate-900">
              Add clusters from a kubeconfig
            </h2>
            <KubeconfigForm
              onAdded={(answer) => {
                const first = answer.data[0];
                // The first added cluster becomes active when none was.
                if (!active && first) chooseCluster(first.id);
              }}
            />
          </section>
          <section aria-labelledby="your-clusters" className="space-y-3">
            <h2 id="your-clusters" className="text-base font-semibold text-slate-900">
              Your clusters
            </h2>
            <ListState result={clusters} what="clusters">
              {(data) => (
                <ClusterList
                  clusters={data}
                  activeId={active?.id ?? null}
                  onChoose={(cluster) => chooseCluster(cluster.id)}
                  onDeleted={(cluster) => cluster.id === active?.id && chooseCluster(null)}
                />
              )}
            </ListState>
          </section>
        </TabsContent>
      </Tabs>
    </div>
  );
}
