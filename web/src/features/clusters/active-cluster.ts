import { useCallback, useState } from 'react';
import type { TCluster } from '@stratum/core/contract/k8s/cluster';
import { session } from '../../lib/session';
import { activeClusterKey, readJson, writeJson, writeString } from '../../lib/storage';

/**
 * The cluster and namespace the page works on: '' as the namespace means all of them, null the
 * cluster's own (its context's namespace).
 */
export interface ActiveChoice {
  clusterId: string | null;
  namespace: string | null;
}

const NONE: ActiveChoice = { clusterId: null, namespace: null };

function storageKey(): string | null {
  const userId = session.getState().user?.id;
  return userId ? activeClusterKey(userId) : null;
}

/** What was stored, if it still has the right shape. */
export function parseActiveChoice(value: unknown): ActiveChoice {
  if (value === null || typeof value !== 'object') return NONE;
  const { clusterId, namespace } = value as Record<string, unknown>;
  return {
    clusterId: typeof clusterId === 'string' && clusterId !== '' ? clusterId : null,
    namespace: typeof namespace === 'string' ? namespace : null,
  };
}

/**
 * The remembered choice, valid only while the cluster is still one of the user's; the namespace
 * is the cluster's own until another is chosen.
 */
export function resolveActiveCluster(
  choice: ActiveChoice,
  clusters: readonly TCluster[],
): { cluster: TCluster; namespace: string } | null {
  const cluster = clusters.find((c) => c.id === choice.clusterId);
  return cluster ? { cluster, namespace: choice.namespace ?? cluster.namespace } : null;
}

/** The active cluster and namespace, remembered per user in the browser. */
export function useActiveChoice() {
  const [choice, setChoice] = useState<ActiveChoice>(() => {
    const key = storageKey();
    return key ? parseActiveChoice(readJson(key)) : NONE;
  });
  const update = useCallback((next: ActiveChoice) => {
    setChoice(next);
    const key = storageKey();
    if (!key) return;
    if (next.clusterId === null) writeString(key, null);
    else writeJson(key, next);
  }, []);
  /** A newly chosen cluster starts in its context's namespace, as kubectl would. */
  const chooseCluster = useCallback(
    (clusterId: string | null) => update({ clusterId, namespace: null }),
    [update],
  );
  const chooseNamespace = useCallback(
    (namespace: string) => update({ ...choice, namespace }),
    [choice, update],
  );
  return { choice, chooseCluster, chooseNamespace };
}
