/**
 * The 14 kinds the fake serves, with what discovery and field selectors need.
 * Field-selector labels per kind: shared/k8s/field-selectors.json (kubernetes/kubernetes
 * pkg/apis/core/v1/conversion.go, pkg/apis/batch/v1/conversion.go; apimachinery
 * pkg/runtime/conversion.go for the default). Node's labels are from the same conversion.go.
 */
export type FieldErrorStyle = 'core' | 'default' | 'job';

export interface KindInfo {
  /** Plural resource name, as in the URL. */
  resource: string;
  singular: string;
  kind: string;
  /** '' for the core group. */
  group: string;
  version: string;
  namespaced: boolean;
  shortNames: string[];
  /** Class name in @kubernetes/client-node's generated models (its schema is release-1.36). */
  model: string;
  /** Field-selector labels the real server accepts for this kind. */
  fieldLabels: readonly string[];
  fieldAliases?: Readonly<Record<string, string>>;
  fieldError: FieldErrorStyle;
  /** Whether writes to spec bump metadata.generation. */
  hasGeneration: boolean;
  subresources: readonly { name: string; kind: string; verbs: string[] }[];
}

const META = ['metadata.name', 'metadata.namespace'] as const;
const CRUD = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function k(
  info: Omit<KindInfo, 'fieldError' | 'hasGeneration' | 'subresources' | 'shortNames'> &
    Partial<Pick<KindInfo, 'fieldError' | 'hasGeneration' | 'subresources' | 'shortNames'>>,
): KindInfo {
  return { fieldError: 'default', hasGeneration: false, subresources: [], shortNames: [], ...info };
}

const statusSub = (kind: string) => ({ name: 'status', kind, verbs: ['get', 'patch', 'update'] });
const scaleSub = { name: 'scale', kind: 'Scale', verbs: ['get', 'patch', 'update'] };

export const KINDS: readonly KindInfo[] = [
  k({
    resource: 'pods',
    singular: 'pod',
    kind: 'Pod',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['po'],
    model: 'V1Pod',
    fieldError: 'core',
    hasGeneration: true,
    fieldLabels: [
      ...META,
      'spec.nodeName',
      'spec.restartPolicy',
      'spec.schedulerName',
      'spec.serviceAccountName',
      'spec.hostNetwork',
      'status.phase',
      'status.podIP',
      'status.podIPs',
      'status.nominatedNodeName',
    ],
    fieldAliases: { 'spec.host': 'spec.nodeName' },
    subresources: [
      { name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'] },
      { name: 'log', kind: 'Pod', verbs: ['get'] },
      statusSub('Pod'),
    ],
  }),
  k({
    resource: 'namespaces',
    singular: 'namespace',
    kind: 'Namespace',
    group: '',
    version: 'v1',
    namespaced: false,
    shortNames: ['ns'],
    model: 'V1Namespace',
    fieldError: 'core',
    fieldLabels: ['metadata.name', 'status.phase'],
    subresources: [statusSub('Namespace')],
  }),
  k({
    resource: 'nodes',
    singular: 'node',
    kind: 'Node',
    group: '',
    version: 'v1',
    namespaced: false,
    shortNames: ['no'],
    model: 'V1Node',
    fieldError: 'core',
    fieldLabels: ['metadata.name', 'spec.unschedulable'],
    subresources: [statusSub('Node')],
  }),
  k({
    resource: 'services',
    singular: 'service',
    kind: 'Service',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['svc'],
    model: 'V1Service',
    fieldError: 'core',
    fieldLabels: [...META, 'spec.clusterIP', 'spec.type'],
    subresources: [statusSub('Service')],
  }),
  k({
    resource: 'configmaps',
    singular: 'configmap',
    kind: 'ConfigMap',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['cm'],
    model: 'V1ConfigMap',
    fieldLabels: META,
  }),
  k({
    resource: 'secrets',
    singular: 'secret',
    kind: 'Secret',
    group: '',
    version: 'v1',
    namespaced: true,
    model: 'V1Secret',
    fieldError: 'core',
    fieldLabels: [...META, 'type'],
  }),
  k({
    resource: 'events',
    singular: 'event',
    kind: 'Event',
    group: '',
    version: 'v1',
    namespaced: true,
    shortNames: ['ev'],
    model: 'CoreV1Event',
    fieldError: 'core',
    fieldLabels: [
      ...META,
      'involvedObject.kind',
      'involvedObject.namespace',
      'involvedObject.name',
      'involvedObject.uid',
      'involvedObject.apiVersion',
      'involvedObject.resourceVersion',
      'involvedObject.fieldPath',
      'reason',
      'reportingComponent',
      'source',
      'type',
    ],
  }),
  k({
    resource: 'deployments',
    singular: 'deployment',
    kind: 'Deployment',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['deploy'],
    model: 'V1Deployment',
    fieldLabels: META,
    hasGeneration: true,
    subresources: [scaleSub, statusSub('Deployment')],
  }),
  k({
    resource: 'statefulsets',
    singular: 'statefulset',
    kind: 'StatefulSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['sts'],
    model: 'V1StatefulSet',
    fieldLabels: META,
    hasGeneration: true,
    subresources: [scaleSub, statusSub('StatefulSet')],
  }),
  k({
    resource: 'daemonsets',
    singular: 'daemonset',
    kind: 'DaemonSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['ds'],
    model: 'V1DaemonSet',
    fieldLabels: META,
    hasGeneration: true,
    subresources: [statusSub('DaemonSet')],
  }),
  k({
    resource: 'replicasets',
    singular: 'replicaset',
    kind: 'ReplicaSet',
    group: 'apps',
    version: 'v1',
    namespaced: true,
    shortNames: ['rs'],
    model: 'V1ReplicaSet',
    fieldLabels: META,
    hasGeneration: true,
    subresources: [scaleSub, statusSub('ReplicaSet')],
  }),
  k({
    resource: 'jobs',
    singular: 'job',
    kind: 'Job',
    group: 'batch',
    version: 'v1',
    namespaced: true,
    model: 'V1Job',
    fieldError: 'job',
    fieldLabels: [...META, 'status.successful'],
    hasGeneration: true,
    subresources: [statusSub('Job')],
  }),
  k({
    resource: 'cronjobs',
    singular: 'cronjob',
    kind: 'CronJob',
    group: 'batch',
    version: 'v1',
    namespaced: true,
    shortNames: ['cj'],
    model: 'V1CronJob',
    fieldLabels: META,
    hasGeneration: true,
    subresources: [statusSub('CronJob')],
  }),
  k({
    resource: 'ingresses',
    singular: 'ingress',
    kind: 'Ingress',
    group: 'networking.k8s.io',
    version: 'v1',
    namespaced: true,
    shortNames: ['ing'],
    model: 'V1Ingress',
    fieldLabels: META,
    hasGeneration: true,
    subresources: [statusSub('Ingress')],
  }),
];

export function groupVersion(info: KindInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** `pods`, `deployments.apps` — how the server names a resource in messages. */
export function qualifiedResource(info: KindInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/** Finds a kind by plural resource, Kind, short name or `resource.group`. */
export function findKind(ref: string): KindInfo | undefined {
  const lower = ref.toLowerCase();
  return KINDS.find(
    (info) =>
      info.resource === lower ||
      info.kind === ref ||
      info.singular === lower ||
      qualifiedResource(info) === lower ||
      info.shortNames.includes(lower),
  );
}

export function kindByPath(group: string, version: string, resource: string): KindInfo | undefined {
  return KINDS.find((i) => i.group === group && i.version === version && i.resource === resource);
}

export function kindByGvk(apiVersion: string, kind: string): KindInfo | undefined {
  return KINDS.find((i) => groupVersion(i) === apiVersion && i.kind === kind);
}

/** Namespaces are the one kind here without `deletecollection`. */
export function verbsOf(info: KindInfo): string[] {
  return info.resource === 'namespaces' ? CRUD.filter((v) => v !== 'deletecollection') : CRUD;
}
