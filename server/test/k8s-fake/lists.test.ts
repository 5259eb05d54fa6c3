import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeConfigFor, raw, statusOf } from './fake-kube-helpers';
import { startFakeKube, type FakeKube } from './index';

let kube: FakeKube;
let core: CoreV1Api;
let apps: AppsV1Api;

beforeAll(async () => {
  kube = await startFakeKube();
  const kc = kubeConfigFor(kube);
  core = kc.makeApiClient(CoreV1Api);
  apps = kc.makeApiClient(AppsV1Api);
});
afterAll(() => kube.close());

describe('lists', { timeout: 120_000 }, () => {
  it('lists pods in a namespace with the list kind and revision, items without kind', async () => {
    const list = await core.listNamespacedPod({ namespace: 'shop' });
    expect(list.items.map((p) => p.metadata?.name)).toEqual([
      'db-0',
      'migrate-5xq2w',
      'web-7d4b9c8f5-h2x9q',
      'web-7d4b9c8f5-p7k4m',
    ]);
    expect(list.metadata?.resourceVersion).toBe(String(kube.store.revision));
    const wire = (await raw(kube, '/api/v1/namespaces/shop/pods')).json();
    expect(wire.kind).toBe('PodList');
    expect(wire.apiVersion).toBe('v1');
    expect((wire.items as Record<string, unknown>[])[0]).not.toHaveProperty('kind');
    expect((wire.items as Record<string, unknown>[])[0]).not.toHaveProperty('apiVersion');
  });

  it('lists every namespace, and a missing namespace as an empty list', async () => {
    const all = await core.listPodForAllNamespaces();
    expect(all.items.map((p) => p.metadata?.namespace)).toContain('kube-system');
    const none = await core.listNamespacedPod({ namespace: 'nope' });
    expect(none.items).toEqual([]);
    const namespaces = await core.listNamespace();
    expect(namespaces.items.map((n) => n.metadata?.name)).toEqual([
      'default',
      'kube-node-lease',
      'kube-public',
      'kube-system',
      'shop',
    ]);
    const deployments = await apps.listDeploymentForAllNamespaces();
    expect(deployments.items.map((d) => `${d.metadata?.namespace}/${d.metadata?.name}`)).toEqual([
      'kube-system/coredns',
      'shop/web',
    ]);
  });

  it('pages with limit/continue at the first page revision, counting what remains', async () => {
    const first = await core.listNamespacedPod({ namespace: 'shop', limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.metadata?.remainingItemCount).toBe(1);
    const token = first.metadata!._continue!;
    expect(JSON.parse(Buffer.from(token, 'base64url').toString())).toEqual({
      v: 'meta.k8s.io/v1',
      rv: Number(first.metadata!.resourceVersion),
      start: 'web-7d4b9c8f5-h2x9q\u0000',
    });
    // A write between pages: the second page still shows the first page's revision.
    kube.store.update('pods', 'shop', 'web-7d4b9c8f5-p7k4m', (pod) => {
      pod.metadata.labels = { ...pod.metadata.labels, touched: 'yes' };
    });
    const second = await core.listNamespacedPod({ namespace: 'shop', limit: 3, _continue: token });
    expect(second.items.map((p) => p.metadata?.name)).toEqual(['web-7d4b9c8f5-p7k4m']);
    expect(second.items[0]!.metadata?.labels).not.toHaveProperty('touched');
    expect(second.metadata?.resourceVersion).toBe(first.metadata?.resourceVersion);
    expect(second.metadata?._continue).toBeUndefined();
    expect(second.metadata?.remainingItemCount).toBeUndefined();
  });

  it('gives no remainingItemCount when a selector filters the pages', async () => {
    const page = await core.listNamespacedPod({
      namespace: 'shop',
      labelSelector: 'app in (web,db)',
      limit: 1,
    });
    expect(page.items).toHaveLength(1);
    expect(page.metadata?._continue).toBeTruthy();
    expect(page.metadata?.remainingItemCount).toBeUndefined();
  });

  it('answers 400 to a malformed continue token and 410 Expired after compaction', async () => {
    const bad = await statusOf(
      core.listNamespacedPod({ namespace: 'shop', limit: 1, _continue: 'not*base64' }),
    );
    expect(bad.code).toBe(400);
    expect(bad.body).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      message:
        'invalid continue token: continue key is not valid: illegal base64 data at input byte 3',
    });
    const first = await core.listNamespacedPod({ namespace: 'shop', limit: 1 });
    kube.store.touch('pods', 'shop', 'db-0');
    kube.store.compact();
    const gone = await statusOf(
      core.listNamespacedPod({
        namespace: 'shop',
        limit: 1,
        _continue: first.metadata!._continue!,
      }),
    );
    expect(gone.code).toBe(410);
    expect(gone.body.reason).toBe('Expired');
    expect(gone.body.message).toMatch(/^The provided continue parameter is too old/);
    const fresh = JSON.parse(
      Buffer.from((gone.body.metadata as { continue: string }).continue, 'base64url').toString(),
    );
    expect(fresh).toEqual({ v: 'meta.k8s.io/v1', rv: -1, start: 'db-0\u0000' });
    const rest = await core.listNamespacedPod({
      namespace: 'shop',
      limit: 10,
      _continue: (gone.body.metadata as { continue: string }).continue,
    });
    expect(rest.items.map((p) => p.metadata?.name)).toEqual([
      'migrate-5xq2w',
      'web-7d4b9c8f5-h2x9q',
      'web-7d4b9c8f5-p7k4m',
    ]);
  });

  it('refuses a continue token with a resourceVersion, and a future resourceVersion with 504', async () => {
    const first = await core.listNamespacedPod({ namespace: 'shop', limit: 1 });
    const both = await statusOf(
      core.listNamespacedPod({
        namespace: 'shop',
        limit: 1,
        _continue: first.metadata!._continue!,
        resourceVersion: '5',
      }),
    );
    expect(both).toMatchObject({
      code: 400,
      body: { message: 'specifying resource version is not allowed when using continue' },
    });
    const future = await raw(
      kube,
      `/api/v1/namespaces/shop/pods?resourceVersion=${kube.store.revision + 100}`,
    );
    expect(future.status).toBe(504);
    expect(future.headers.get('retry-after')).toBe('1');
    expect(future.json()).toMatchObject({
      reason: 'Timeout',
      message: `Too large resource version: ${kube.store.revision + 100}, current: ${kube.store.revision}`,
    });
  });
});

describe('selectors', { timeout: 120_000 }, () => {
  it('filters by the full label selector grammar', async () => {
    const names = async (labelSelector: string) =>
      (await core.listPodForAllNamespaces({ labelSelector })).items.map((p) => p.metadata?.name);
    expect(await names('app=web')).toEqual(['web-7d4b9c8f5-h2x9q', 'web-7d4b9c8f5-p7k4m']);
    expect(await names('app in (db), statefulset.kubernetes.io/pod-name')).toEqual(['db-0']);
    expect(await names('app notin (web,db),!k8s-app')).toEqual(['migrate-5xq2w']);
    expect(await names('app!=web,k8s-app')).toEqual(['kube-proxy-8vj2r']);
    const bad = await statusOf(core.listPodForAllNamespaces({ labelSelector: 'app in ()' }));
    expect(bad.code).toBe(400);
    expect(bad.body.reason).toBe('BadRequest');
  });

  it('filters by the field labels each kind accepts and rejects the others with the real texts', async () => {
    const running = await core.listNamespacedPod({
      namespace: 'shop',
      fieldSelector: 'status.phase=Running,spec.nodeName=kind-control-plane',
    });
    expect(running.items.map((p) => p.metadata?.name)).toEqual([
      'db-0',
      'web-7d4b9c8f5-h2x9q',
      'web-7d4b9c8f5-p7k4m',
    ]);
    const byName = await apps.listNamespacedDeployment({
      namespace: 'shop',
      fieldSelector: 'metadata.name=web',
      limit: 1,
    });
    expect(byName.items.map((d) => d.metadata?.name)).toEqual(['web']);
    const secrets = await core.listNamespacedSecret({
      namespace: 'shop',
      fieldSelector: 'type!=kubernetes.io/tls',
    });
    expect(secrets.items.map((s) => s.metadata?.name)).toEqual(['db-credentials']);
    const pods = await statusOf(
      core.listNamespacedPod({ namespace: 'shop', fieldSelector: 'spec.containers=x' }),
    );
    expect(pods).toMatchObject({
      code: 400,
      body: { reason: 'BadRequest', message: 'field label not supported: spec.containers' },
    });
    const deployments = await statusOf(
      apps.listNamespacedDeployment({ namespace: 'shop', fieldSelector: 'spec.replicas=2' }),
    );
    expect(deployments.body.message).toBe(
      '"spec.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"',
    );
  });
});

describe('get, auth', { timeout: 120_000 }, () => {
  it('reads one object with kind and apiVersion, and 404s with a NotFound Status', async () => {
    const pod = await core.readNamespacedPod({ namespace: 'shop', name: 'db-0' });
    expect(pod.kind).toBe('Pod');
    expect(pod.spec?.containers.map((c) => c.name)).toEqual(['postgres', 'metrics']);
    const missing = await statusOf(
      apps.readNamespacedDeployment({ namespace: 'shop', name: 'nope' }),
    );
    expect(missing).toEqual({
      code: 404,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'deployments.apps "nope" not found',
        reason: 'NotFound',
        details: { name: 'nope', group: 'apps', kind: 'deployments' },
        code: 404,
      },
    });
  });

  it('answers 401 without a valid token and 403 with the real message for the read-only user', async () => {
    const anonymous = await raw(kube, '/api/v1/pods', { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Unauthorized',
      reason: 'Unauthorized',
      code: 401,
    });
    const wrong = kubeConfigFor(kube, 'not-a-token').makeApiClient(CoreV1Api);
    expect((await statusOf(wrong.listNamespace())).code).toBe(401);
    const viewer = kubeConfigFor(kube, kube.readOnlyToken).makeApiClient(CoreV1Api);
    expect((await viewer.listNamespacedPod({ namespace: 'shop' })).items.length).toBeGreaterThan(0);
    const secrets = await statusOf(viewer.listNamespacedSecret({ namespace: 'shop' }));
    expect(secrets).toMatchObject({
      code: 403,
      body: {
        reason: 'Forbidden',
        message:
          'secrets is forbidden: User "system:serviceaccount:default:viewer" cannot list resource "secrets" in API group "" in the namespace "shop"',
        details: { kind: 'secrets' },
      },
    });
    const create = await statusOf(
      viewer.createNamespacedConfigMap({ namespace: 'shop', body: { metadata: { name: 'x' } } }),
    );
    expect(create.body.message).toBe(
      'configmaps is forbidden: User "system:serviceaccount:default:viewer" cannot create resource "configmaps" in API group "" in the namespace "shop"',
    );
  });
});
