import type { TK8sKind, TK8sObject } from '@stratum/core/contract/k8s/cluster';
import {
  ageOf,
  field,
  formatAge,
  list,
  num,
  objectLabels,
  objectNamespace,
  str,
} from './k8s-object';
import { podReady, podRestarts, podStatus } from './pod-status';

export interface ResourceColumn {
  key: string;
  header: string;
  value: (object: TK8sObject, now: number) => string;
  /** The status column: coloured by how it reads. */
  isStatus?: boolean;
  /** Long text (event messages): wraps instead of widening the table. */
  isLong?: boolean;
}

const NONE = '<none>';
const count = (value: unknown): string => String(num(value));
const age: ResourceColumn = { key: 'age', header: 'Age', value: (o, now) => ageOf(o, now) };

function loadBalancerAddresses(object: TK8sObject): string[] {
  return list(field(object, 'status', 'loadBalancer', 'ingress'))
    .map((i) => str(field(i, 'ip')) || str(field(i, 'hostname')))
    .filter(Boolean);
}

function servicePorts(service: TK8sObject): string {
  const ports = list(field(service, 'spec', 'ports')).map((p) => {
    const nodePort = num(field(p, 'nodePort'));
    const protocol = str(field(p, 'protocol')) || 'TCP';
    return `${num(field(p, 'port'))}${nodePort ? `:${nodePort}` : ''}/${protocol}`;
  });
  return ports.length > 0 ? ports.join(',') : NONE;
}

function nodeStatus(node: TK8sObject): string {
  const ready = list(field(node, 'status', 'conditions')).find((c) => field(c, 'type') === 'Ready');
  const status =
    ready === undefined ? 'Unknown' : field(ready, 'status') === 'True' ? 'Ready' : 'NotReady';
  return field(node, 'spec', 'unschedulable') === true ? `${status},SchedulingDisabled` : status;
}

function nodeRoles(node: TK8sObject): string {
  const roles = Object.keys(objectLabels(node))
    .filter((key) => key.startsWith('node-role.kubernetes.io/'))
    .map((key) => key.slice('node-role.kubernetes.io/'.length));
  return roles.length > 0 ? roles.join(',') : NONE;
}

function jobStatus(job: TK8sObject): string {
  const conditions = list(field(job, 'status', 'conditions'));
  const isTrue = (type: string) =>
    conditions.some((c) => field(c, 'type') === type && field(c, 'status') === 'True');
  if (isTrue('Complete')) return 'Complete';
  if (isTrue('Failed')) return 'Failed';
  if (field(job, 'spec', 'suspend') === true) return 'Suspended';
  return 'Running';
}

function jobDuration(job: TK8sObject, now: number): string {
  const start = str(field(job, 'status', 'startTime'));
  if (start === '') return '';
  const end = Date.parse(str(field(job, 'status', 'completionTime')));
  return formatAge(start, Number.isNaN(end) ? now : end);
}

function ingressHosts(ingress: TK8sObject): string {
  const hosts = list(field(ingress, 'spec', 'rules')).map((r) => str(field(r, 'host')) || '*');
  return hosts.length > 0 ? hosts.join(',') : '*';
}

function eventLastSeen(event: TK8sObject, now: number): string {
  const when =
    str(field(event, 'lastTimestamp')) ||
    str(field(event, 'eventTime')) ||
    str(field(event, 'metadata', 'creationTimestamp'));
  return formatAge(when, now);
}

const dataCount = (object: TK8sObject): string => {
  const keys = (value: unknown) =>
    Array.isArray(value)
      ? value.length
      : value && typeof value === 'object'
        ? Object.keys(value).length
        : 0;
  return String(keys(field(object, 'data')) + keys(field(object, 'binaryData')));
};

/** What kubectl get prints for each kind (Headlamp shows the same), after Name (and Namespace). */
const KIND_COLUMNS: Record<TK8sKind, ResourceColumn[]> = {
  pods: [
    { key: 'ready', header: 'Ready', value: podReady },
    { key: 'status', header: 'Status', value: podStatus, isStatus: true },
    { key: 'restarts', header: 'Restarts', value: (o) => String(podRestarts(o)) },
    age,
    { key: 'node', header: 'Node', value: (o) => str(field(o, 'spec', 'nodeName')) || NONE },
  ],
  namespaces: [
    {
      key: 'status',
      header: 'Status',
      value: (o) => str(field(o, 'status', 'phase')),
      isStatus: true,
    },
    age,
  ],
  nodes: [
    { key: 'status', header: 'Status', value: nodeStatus, isStatus: true },
    { key: 'roles', header: 'Roles', value: nodeRoles },
    age,
    {
      key: 'version',
      header: 'Version',
      value: (o) => str(field(o, 'status', 'nodeInfo', 'kubeletVersion')),
    },
  ],
  services: [
    { key: 'type', header: 'Type', value: (o) => str(field(o, 'spec', 'type')) || 'ClusterIP' },
    {
      key: 'clusterIP',
      header: 'Cluster IP',
      value: (o) => str(field(o, 'spec', 'clusterIP')) || NONE,
    },
    {
      key: 'externalIP',
      header: 'External IP',
      value: (o) => {
        const ips = [
          ...loadBalancerAddresses(o),
          ...list(field(o, 'spec', 'externalIPs')).map(str),
        ];
        if (ips.length > 0) return ips.join(',');
        return field(o, 'spec', 'type') === 'LoadBalancer' ? '<pending>' : NONE;
      },
    },
    { key: 'ports', header: 'Ports', value: servicePorts },
    age,
  ],
  configmaps: [{ key: 'data', header: 'Data', value: dataCount }, age],
  secrets: [
    { key: 'type', header: 'Type', value: (o) => str(field(o, 'type')) },
    { key: 'data', header: 'Data', value: dataCount },
    age,
  ],
  events: [
    { key: 'lastSeen', header: 'Last seen', value: eventLastSeen },
    { key: 'type', header: 'Type', value: (o) => str(field(o, 'type')), isStatus: true },
    { key: 'reason', header: 'Reason', value: (o) => str(field(o, 'reason')) },
    {
      key: 'object',
      header: 'Object',
      value: (o) =>
        `${str(field(o, 'involvedObject', 'kind')).toLowerCase()}/${str(field(o, 'involvedObject', 'name'))}`,
    },
    { key: 'message', header: 'Message', value: (o) => str(field(o, 'message')), isLong: true },
  ],
  deployments: [
    {
      key: 'ready',
      header: 'Ready',
      value: (o) =>
        `${num(field(o, 'status', 'readyReplicas'))}/${num(field(o, 'spec', 'replicas'))}`,
    },
    {
      key: 'upToDate',
      header: 'Up-to-date',
      value: (o) => count(field(o, 'status', 'updatedReplicas')),
    },
    {
      key: 'available',
      header: 'Available',
      value: (o) => count(field(o, 'status', 'availableReplicas')),
    },
    age,
  ],
  statefulsets: [
    {
      key: 'ready',
      header: 'Ready',
      value: (o) =>
        `${num(field(o, 'status', 'readyReplicas'))}/${num(field(o, 'spec', 'replicas'))}`,
    },
    age,
  ],
  daemonsets: [
    {
      key: 'desired',
      header: 'Desired',
      value: (o) => count(field(o, 'status', 'desiredNumberScheduled')),
    },
    {
      key: 'current',
      header: 'Current',
      value: (o) => count(field(o, 'status', 'currentNumberScheduled')),
    },
    { key: 'ready', header: 'Ready', value: (o) => count(field(o, 'status', 'numberReady')) },
    {
      key: 'upToDate',
      header: 'Up-to-date',
      value: (o) => count(field(o, 'status', 'updatedNumberScheduled')),
    },
    {
      key: 'available',
      header: 'Available',
      value: (o) => count(field(o, 'status', 'numberAvailable')),
    },
    age,
  ],
  replicasets: [
    { key: 'desired', header: 'Desired', value: (o) => count(field(o, 'spec', 'replicas')) },
    { key: 'current', header: 'Current', value: (o) => count(field(o, 'status', 'replicas')) },
    { key: 'ready', header: 'Ready', value: (o) => count(field(o, 'status', 'readyReplicas')) },
    age,
  ],
  jobs: [
    { key: 'status', header: 'Status', value: jobStatus, isStatus: true },
    {
      key: 'completions',
      header: 'Completions',
      value: (o) =>
        `${num(field(o, 'status', 'succeeded'))}/${num(field(o, 'spec', 'completions')) || 1}`,
    },
    { key: 'duration', header: 'Duration', value: jobDuration },
    age,
  ],
  cronjobs: [
    { key: 'schedule', header: 'Schedule', value: (o) => str(field(o, 'spec', 'schedule')) },
    {
      key: 'suspend',
      header: 'Suspend',
      value: (o) => (field(o, 'spec', 'suspend') === true ? 'True' : 'False'),
    },
    {
      key: 'active',
      header: 'Active',
      value: (o) => String(list(field(o, 'status', 'active')).length),
    },
    {
      key: 'lastSchedule',
      header: 'Last schedule',
      value: (o, now) => formatAge(str(field(o, 'status', 'lastScheduleTime')), now) || NONE,
    },
    age,
  ],
  ingresses: [
    {
      key: 'class',
      header: 'Class',
      value: (o) => str(field(o, 'spec', 'ingressClassName')) || NONE,
    },
    { key: 'hosts', header: 'Hosts', value: ingressHosts },
    { key: 'address', header: 'Address', value: (o) => loadBalancerAddresses(o).join(',') },
    {
      key: 'ports',
      header: 'Ports',
      value: (o) => (list(field(o, 'spec', 'tls')).length > 0 ? '80, 443' : '80'),
    },
    age,
  ],
};

/** The kinds that live outside namespaces. */
export const CLUSTER_SCOPED_KINDS: readonly TK8sKind[] = ['namespaces', 'nodes'];

export const NAME_COLUMN: ResourceColumn = {
  key: 'name',
  header: 'Name',
  value: (o) => str(field(o, 'metadata', 'name')),
};

/** Name, Namespace when every namespace is listed, then the kind's own columns. */
export function columnsFor(kind: TK8sKind, isAllNamespaces: boolean): ResourceColumn[] {
  const namespace: ResourceColumn = {
    key: 'namespace',
    header: 'Namespace',
    value: objectNamespace,
  };
  const showNamespace = isAllNamespaces && !CLUSTER_SCOPED_KINDS.includes(kind);
  return [NAME_COLUMN, ...(showNamespace ? [namespace] : []), ...KIND_COLUMNS[kind]];
}

/** The kinds by the names Headlamp and k9s users know them. */
export const KIND_LABELS: Record<TK8sKind, string> = {
  pods: 'Pods',
  deployments: 'Deployments',
  statefulsets: 'StatefulSets',
  daemonsets: 'DaemonSets',
  replicasets: 'ReplicaSets',
  jobs: 'Jobs',
  cronjobs: 'CronJobs',
  services: 'Services',
  ingresses: 'Ingresses',
  configmaps: 'ConfigMaps',
  secrets: 'Secrets',
  events: 'Events',
  namespaces: 'Namespaces',
  nodes: 'Nodes',
};
