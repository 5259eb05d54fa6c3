import type { TCluster, TK8sObject } from '@stratum/core/contract/k8s/cluster';

/** Shapes as a release-1.36 API server sends them (fields the page reads, trimmed). */
export const NOW = Date.parse('2026-11-30T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

export function pod(name: string, overrides: Record<string, unknown> = {}): TK8sObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      uid: `uid-${name}`,
      resourceVersion: '100',
      creationTimestamp: ago(3 * 3600 + 12 * 60),
      labels: { app: 'web' },
    },
    spec: { nodeName: 'node-a', containers: [{ name: 'web' }, { name: 'sidecar' }] },
    status: {
      phase: 'Running',
      containerStatuses: [
        { name: 'web', ready: true, restartCount: 2, state: { running: {} } },
        { name: 'sidecar', ready: true, restartCount: 1, state: { running: {} } },
      ],
    },
    ...overrides,
  };
}

export const CRASHING_POD = pod('web-crash', {
  status: {
    phase: 'Running',
    containerStatuses: [
      {
        name: 'web',
        ready: false,
        restartCount: 7,
        state: { waiting: { reason: 'CrashLoopBackOff' } },
      },
      { name: 'sidecar', ready: true, restartCount: 0, state: { running: {} } },
    ],
  },
});

export const DEPLOYMENT: TK8sObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'web',
    namespace: 'shop',
    uid: 'uid-dep',
    creationTimestamp: ago(5 * 86400 + 3 * 3600),
  },
  spec: { replicas: 3 },
  status: { replicas: 3, readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
};

export const SERVICE: TK8sObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop', uid: 'uid-svc', creationTimestamp: ago(45 * 60) },
  spec: {
    type: 'NodePort',
    clusterIP: '10.96.12.7',
    ports: [
      { port: 80, nodePort: 30080, protocol: 'TCP' },
      { port: 443, nodePort: 30443, protocol: 'TCP' },
    ],
  },
};

export const CLUSTER: TCluster = {
  id: '6f1c2b9e-4d3a-4c5b-8e7f-1a2b3c4d5e6f',
  name: 'kind-dev',
  context: 'kind-dev',
  server: 'https://dev.example.com:6443',
  namespace: 'shop',
  isInsecure: false,
  createdAt: '2026-11-30T10:00:00.000Z',
};
