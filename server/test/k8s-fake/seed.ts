/**
 * A small realistic cluster: namespaces default/kube-system/kube-public/shop, one node, the
 * shop's web Deployment → ReplicaSet → 2 pods behind a Service and an Ingress, its ConfigMap
 * and Secret, a StatefulSet with a two-container pod, a finished Job, a CronJob, events, and
 * kube-system's coredns and kube-proxy. Names and shapes follow a kind 1.36 cluster.
 */
import { recordUpdate } from './apply';
import { findKind } from './kinds';
import type { LogInput, PodLogs } from './logs';
import type { FakeStore, KubeObject } from './store';

const CREATED = '2026-11-20T09:00:00Z';
const STARTED = '2026-11-20T09:00:30Z';

function put(store: FakeStore, object: KubeObject, manager: string): KubeObject {
  const info = findKind(object.kind!)!;
  object.metadata.creationTimestamp ??= CREATED;
  recordUpdate(info, object, manager);
  for (const entry of object.metadata.managedFields ?? []) entry.time = CREATED;
  return store.put(object);
}

function meta(
  name: string,
  namespace?: string,
  labels?: Record<string, string>,
  extra: Record<string, unknown> = {},
): KubeObject['metadata'] {
  return { name, ...(namespace ? { namespace } : {}), ...(labels ? { labels } : {}), ...extra };
}

function owner(kind: string, apiVersion: string, of: KubeObject) {
  return [
    {
      apiVersion,
      kind,
      name: of.metadata.name!,
      uid: of.metadata.uid!,
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
}

interface PodSeed {
  namespace: string;
  name: string;
  labels: Record<string, string>;
  containers: { name: string; image: string; port?: number; env?: Record<string, string> }[];
  ip: string;
  phase?: string;
  owner?: ReturnType<typeof owner>;
}

function pod(seed: PodSeed): KubeObject {
  const phase = seed.phase ?? 'Running';
  const running = phase === 'Running';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: meta(
      seed.name,
      seed.namespace,
      seed.labels,
      seed.owner ? { ownerReferences: seed.owner } : {},
    ),
    spec: {
      containers: seed.containers.map((c) => ({
        name: c.name,
        image: c.image,
        ...(c.port ? { ports: [{ containerPort: c.port, protocol: 'TCP' }] } : {}),
        ...(c.env ? { env: Object.entries(c.env).map(([name, value]) => ({ name, value })) } : {}),
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        terminationMessagePolicy: 'File',
        imagePullPolicy: 'IfNotPresent',
      })),
      restartPolicy: phase === 'Running' ? 'Always' : 'Never',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'default',
      nodeName: 'kind-control-plane',
      schedulerName: 'default-scheduler',
      enableServiceLinks: true,
    },
    status: {
      phase,
      conditions: [
        { type: 'PodScheduled', status: 'True', lastTransitionTime: CREATED },
        { type: 'Initialized', status: 'True', lastTransitionTime: CREATED },
        {
          type: 'ContainersReady',
          status: running ? 'True' : 'False',
          lastTransitionTime: STARTED,
        },
        { type: 'Ready', status: running ? 'True' : 'False', lastTransitionTime: STARTED },
      ],
      hostIP: '172.18.0.2',
      hostIPs: [{ ip: '172.18.0.2' }],
      podIP: seed.ip,
      podIPs: [{ ip: seed.ip }],
      startTime: CREATED,
      qosClass: 'BestEffort',
      containerStatuses: seed.containers.map((c) => ({
        name: c.name,
        image: c.image,
        imageID: `docker.io/library/${c.image}@sha256:${'0'.repeat(64)}`,
        containerID: `containerd://${Buffer.from(seed.name + c.name)
          .toString('hex')
          .padEnd(64, '0')
          .slice(0, 64)}`,
        ready: running,
        started: running,
        restartCount: 0,
        state: running
          ? { running: { startedAt: STARTED } }
          : {
              terminated: {
                exitCode: 0,
                reason: 'Completed',
                startedAt: STARTED,
                finishedAt: '2026-11-20T09:01:00Z',
              },
            },
      })),
    },
  };
}

function template(labels: Record<string, string>, name: string, image: string, port?: number) {
  return {
    metadata: { labels },
    spec: {
      containers: [
        { name, image, ...(port ? { ports: [{ containerPort: port, protocol: 'TCP' }] } : {}) },
      ],
    },
  };
}

function workload(
  kind: string,
  apiVersion: string,
  name: string,
  namespace: string,
  labels: Record<string, string>,
  spec: Record<string, unknown>,
  status: Record<string, unknown>,
): KubeObject {
  return { apiVersion, kind, metadata: meta(name, namespace, labels), spec, status };
}

export function seedCluster(store: FakeStore, logs: PodLogs, caPem: string): void {
  for (const name of ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'shop']) {
    put(
      store,
      {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: meta(name, undefined, { 'kubernetes.io/metadata.name': name }),
        spec: { finalizers: ['kubernetes'] },
        status: { phase: 'Active' },
      },
      name === 'shop' ? 'kubectl-create' : 'kube-apiserver',
    );
    put(
      store,
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: meta('kube-root-ca.crt', name),
        data: { 'ca.crt': caPem },
      },
      'kube-controller-manager',
    );
  }
  put(
    store,
    {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: meta('kind-control-plane', undefined, {
        'kubernetes.io/hostname': 'kind-control-plane',
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'node-role.kubernetes.io/control-plane': '',
      }),
      spec: {
        podCIDR: '10.244.0.0/24',
        podCIDRs: ['10.244.0.0/24'],
        providerID: 'kind://docker/kind/kind-control-plane',
      },
      status: {
        capacity: {
          cpu: '4',
          memory: '16318480Ki',
          pods: '110',
          'ephemeral-storage': '102626232Ki',
        },
        allocatable: {
          cpu: '4',
          memory: '16318480Ki',
          pods: '110',
          'ephemeral-storage': '102626232Ki',
        },
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status',
            lastHeartbeatTime: STARTED,
            lastTransitionTime: CREATED,
          },
        ],
        addresses: [
          { type: 'InternalIP', address: '172.18.0.2' },
          { type: 'Hostname', address: 'kind-control-plane' },
        ],
        nodeInfo: {
          kubeletVersion: 'v1.36.1',
          containerRuntimeVersion: 'containerd://2.1.4',
          osImage: 'Debian GNU/Linux 12 (bookworm)',
          kernelVersion: '6.8.0',
          operatingSystem: 'linux',
          architecture: 'amd64',
          machineID: '',
          systemUUID: '',
          bootID: '',
          kubeProxyVersion: '',
        },
      },
    },
    'kubelet',
  );

  const web = { app: 'web' };
  const deployment = put(
    store,
    workload(
      'Deployment',
      'apps/v1',
      'web',
      'shop',
      web,
      {
        replicas: 2,
        selector: { matchLabels: web },
        template: template(web, 'web', 'nginx:1.27', 80),
        strategy: {
          type: 'RollingUpdate',
          rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
        },
        revisionHistoryLimit: 10,
        progressDeadlineSeconds: 600,
      },
      {
        observedGeneration: 1,
        replicas: 2,
        updatedReplicas: 2,
        readyReplicas: 2,
        availableReplicas: 2,
      },
    ),
    'kubectl-client-side-apply',
  );
  const rsLabels = { ...web, 'pod-template-hash': '7d4b9c8f5' };
  const rs = workload(
    'ReplicaSet',
    'apps/v1',
    'web-7d4b9c8f5',
    'shop',
    rsLabels,
    {
      replicas: 2,
      selector: { matchLabels: rsLabels },
      template: template(rsLabels, 'web', 'nginx:1.27', 80),
    },
    {
      replicas: 2,
      fullyLabeledReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
      observedGeneration: 1,
    },
  );
  rs.metadata.ownerReferences = owner('Deployment', 'apps/v1', deployment);
  rs.metadata.annotations = { 'deployment.kubernetes.io/revision': '1' };
  const replicaSet = put(store, rs, 'kube-controller-manager');
  for (const [name, ip] of [
    ['web-7d4b9c8f5-h2x9q', '10.244.0.11'],
    ['web-7d4b9c8f5-p7k4m', '10.244.0.12'],
  ] as const) {
    put(
      store,
      pod({
        namespace: 'shop',
        name,
        labels: rsLabels,
        ip,
        owner: owner('ReplicaSet', 'apps/v1', replicaSet),
        containers: [{ name: 'web', image: 'nginx:1.27', port: 80, env: { NGINX_PORT: '80' } }],
      }),
      'kube-controller-manager',
    );
    logs.set('shop', name, 'web', webLog(ip));
  }
  put(
    store,
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta('web', 'shop', web),
      spec: {
        type: 'ClusterIP',
        selector: web,
        ports: [{ name: 'http', port: 80, targetPort: 80, protocol: 'TCP' }],
        clusterIP: '10.96.112.40',
        clusterIPs: ['10.96.112.40'],
        sessionAffinity: 'None',
        ipFamilies: ['IPv4'],
        ipFamilyPolicy: 'SingleStack',
        internalTrafficPolicy: 'Cluster',
      },
      status: { loadBalancer: {} },
    },
    'kubectl-client-side-apply',
  );
  put(
    store,
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta('web-config', 'shop', web),
      data: { 'nginx.conf': 'server { listen 80; }\n', LOG_LEVEL: 'info' },
    },
    'kubectl-client-side-apply',
  );
  put(
    store,
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta('web-tls', 'shop', web),
      type: 'kubernetes.io/tls',
      data: {
        'tls.crt': Buffer.from('not a real certificate').toString('base64'),
        'tls.key': Buffer.from('not a real key').toString('base64'),
      },
    },
    'kubectl-client-side-apply',
  );
  put(
    store,
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta('db-credentials', 'shop'),
      type: 'Opaque',
      data: {
        username: Buffer.from('shop').toString('base64'),
        password: Buffer.from('s3cr3t-passw0rd').toString('base64'),
      },
    },
    'kubectl-client-side-apply',
  );
  put(
    store,
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: meta('web', 'shop', web),
      spec: {
        ingressClassName: 'nginx',
        rules: [
          {
            host: 'shop.example.com',
            http: {
              paths: [
                {
                  path: '/',
                  pathType: 'Prefix',
                  backend: { service: { name: 'web', port: { number: 80 } } },
                },
              ],
            },
          },
        ],
      },
      status: { loadBalancer: {} },
    },
    'kubectl-client-side-apply',
  );

  const db = { app: 'db' };
  const sts = put(
    store,
    workload(
      'StatefulSet',
      'apps/v1',
      'db',
      'shop',
      db,
      {
        replicas: 1,
        serviceName: 'db',
        selector: { matchLabels: db },
        template: {
          metadata: { labels: db },
          spec: {
            containers: [
              {
                name: 'postgres',
                image: 'postgres:17',
                ports: [{ containerPort: 5432, protocol: 'TCP' }],
              },
              { name: 'metrics', image: 'quay.io/prometheuscommunity/postgres-exporter:v0.17.1' },
            ],
          },
        },
        podManagementPolicy: 'OrderedReady',
        updateStrategy: { type: 'RollingUpdate' },
      },
      {
        replicas: 1,
        readyReplicas: 1,
        currentReplicas: 1,
        updatedReplicas: 1,
        availableReplicas: 1,
        observedGeneration: 1,
      },
    ),
    'kubectl-client-side-apply',
  );
  put(
    store,
    pod({
      namespace: 'shop',
      name: 'db-0',
      labels: { ...db, 'statefulset.kubernetes.io/pod-name': 'db-0' },
      ip: '10.244.0.13',
      owner: owner('StatefulSet', 'apps/v1', sts),
      containers: [
        { name: 'postgres', image: 'postgres:17', port: 5432, env: { POSTGRES_DB: 'shop' } },
        { name: 'metrics', image: 'quay.io/prometheuscommunity/postgres-exporter:v0.17.1' },
      ],
    }),
    'kube-controller-manager',
  );
  logs.set(
    'shop',
    'db-0',
    'postgres',
    minutesAgo([
      'PostgreSQL init process complete; ready for start up.',
      'LOG:  starting PostgreSQL 17.2 on x86_64-pc-linux-gnu',
      'LOG:  listening on IPv4 address "0.0.0.0", port 5432',
      'LOG:  database system is ready to accept connections',
    ]),
  );
  logs.set(
    'shop',
    'db-0',
    'metrics',
    minutesAgo([
      'level=info msg="Listening on address" address=:9187',
      'level=info msg="TLS is disabled." http2=false',
    ]),
  );

  const migrate = { 'job-name': 'migrate', 'batch.kubernetes.io/job-name': 'migrate' };
  const job = put(
    store,
    workload(
      'Job',
      'batch/v1',
      'migrate',
      'shop',
      migrate,
      {
        completions: 1,
        parallelism: 1,
        backoffLimit: 6,
        template: {
          metadata: { labels: migrate },
          spec: {
            restartPolicy: 'Never',
            containers: [{ name: 'migrate', image: 'shop/migrate:2.4.0' }],
          },
        },
      },
      {
        succeeded: 1,
        startTime: CREATED,
        completionTime: '2026-11-20T09:01:00Z',
        conditions: [
          { type: 'Complete', status: 'True', lastTransitionTime: '2026-11-20T09:01:00Z' },
        ],
      },
    ),
    'kubectl-client-side-apply',
  );
  put(
    store,
    pod({
      namespace: 'shop',
      name: 'migrate-5xq2w',
      labels: migrate,
      ip: '10.244.0.14',
      phase: 'Succeeded',
      owner: owner('Job', 'batch/v1', job),
      containers: [{ name: 'migrate', image: 'shop/migrate:2.4.0' }],
    }),
    'kube-controller-manager',
  );
  logs.set(
    'shop',
    'migrate-5xq2w',
    'migrate',
    minutesAgo([
      'applying migration 0041_orders_index',
      'applying migration 0042_carts_ttl',
      'migrations complete',
    ]),
  );
  logs.end('shop', 'migrate-5xq2w', 'migrate');
  put(
    store,
    workload(
      'CronJob',
      'batch/v1',
      'nightly-report',
      'shop',
      { app: 'report' },
      {
        schedule: '0 2 * * *',
        concurrencyPolicy: 'Forbid',
        successfulJobsHistoryLimit: 3,
        failedJobsHistoryLimit: 1,
        jobTemplate: {
          spec: {
            template: {
              spec: {
                restartPolicy: 'OnFailure',
                containers: [{ name: 'report', image: 'shop/report:1.3.0' }],
              },
            },
          },
        },
      },
      { lastScheduleTime: '2026-11-21T02:00:00Z' },
    ),
    'kubectl-client-side-apply',
  );

  const events: [string, string, string, string, string][] = [
    [
      'web-7d4b9c8f5-h2x9q',
      'Scheduled',
      'default-scheduler',
      'Normal',
      'Successfully assigned shop/web-7d4b9c8f5-h2x9q to kind-control-plane',
    ],
    [
      'web-7d4b9c8f5-h2x9q',
      'Pulled',
      'kubelet',
      'Normal',
      'Container image "nginx:1.27" already present on machine',
    ],
    ['web-7d4b9c8f5-h2x9q', 'Started', 'kubelet', 'Normal', 'Started container web'],
    [
      'db-0',
      'BackOff',
      'kubelet',
      'Warning',
      'Back-off restarting failed container metrics in pod db-0_shop',
    ],
  ];
  events.forEach(([podName, reason, component, type, message], i) => {
    put(
      store,
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: meta(`${podName}.18a${i}f3c2b1d4e5f6`, 'shop'),
        involvedObject: { kind: 'Pod', namespace: 'shop', name: podName, apiVersion: 'v1' },
        reason,
        message,
        source: { component, ...(component === 'kubelet' ? { host: 'kind-control-plane' } : {}) },
        firstTimestamp: STARTED,
        lastTimestamp: STARTED,
        count: 1,
        type,
        reportingComponent: component,
        reportingInstance: component === 'kubelet' ? 'kind-control-plane' : '',
      },
      component,
    );
  });

  const dns = { 'k8s-app': 'kube-dns' };
  put(
    store,
    workload(
      'Deployment',
      'apps/v1',
      'coredns',
      'kube-system',
      dns,
      {
        replicas: 1,
        selector: { matchLabels: dns },
        template: template(dns, 'coredns', 'registry.k8s.io/coredns/coredns:v1.12.1', 53),
      },
      {
        observedGeneration: 1,
        replicas: 1,
        updatedReplicas: 1,
        readyReplicas: 1,
        availableReplicas: 1,
      },
    ),
    'kubeadm',
  );
  const proxy = { 'k8s-app': 'kube-proxy' };
  const ds = put(
    store,
    workload(
      'DaemonSet',
      'apps/v1',
      'kube-proxy',
      'kube-system',
      proxy,
      {
        selector: { matchLabels: proxy },
        template: template(proxy, 'kube-proxy', 'registry.k8s.io/kube-proxy:v1.36.1'),
        updateStrategy: {
          type: 'RollingUpdate',
          rollingUpdate: { maxUnavailable: 1, maxSurge: 0 },
        },
      },
      {
        currentNumberScheduled: 1,
        desiredNumberScheduled: 1,
        numberAvailable: 1,
        numberMisscheduled: 0,
        numberReady: 1,
        updatedNumberScheduled: 1,
        observedGeneration: 1,
      },
    ),
    'kubeadm',
  );
  put(
    store,
    pod({
      namespace: 'kube-system',
      name: 'kube-proxy-8vj2r',
      labels: proxy,
      ip: '172.18.0.2',
      owner: owner('DaemonSet', 'apps/v1', ds),
      containers: [{ name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.36.1' }],
    }),
    'kube-controller-manager',
  );
  logs.set(
    'kube-system',
    'kube-proxy-8vj2r',
    'kube-proxy',
    minutesAgo([
      'I1120 09:00:31.000000       1 server_linux.go:66] "Using iptables proxy"',
      'I1120 09:00:31.100000       1 server.go:483] "Version info" version="v1.36.1"',
    ]),
  );
}

/** Lines one minute apart, the last one a minute ago. */
function minutesAgo(texts: string[]): LogInput[] {
  const now = Date.now();
  return texts.map((text, i) => ({ time: new Date(now - (texts.length - i) * 60_000), text }));
}

function webLog(ip: string): LogInput[] {
  return minutesAgo([
    `/docker-entrypoint.sh: Configuration complete; ready for start up`,
    `10.244.0.1 - - [20/Nov/2026:09:01:02 +0000] "GET / HTTP/1.1" 200 615 "-" "kube-probe/1.36" "-"`,
    `10.244.0.1 - - [20/Nov/2026:09:01:12 +0000] "GET /healthz HTTP/1.1" 200 2 "-" "kube-probe/1.36" "-"`,
    `${ip.replace(/\d+$/, '1')} - - [20/Nov/2026:09:02:40 +0000] "GET /cart HTTP/1.1" 200 1432 "-" "Mozilla/5.0" "-"`,
  ]);
}
