import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { K8S_KINDS } from '@stratum/core/contract/k8s/cluster';
import { parseAllowRules } from '../src/lib/egress';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { startFakeKube, type FakeKube } from './k8s-fake';

type K8sObject = {
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
} & Record<string, unknown>;
type ListBody = {
  items: K8sObject[];
  data: K8sObject[];
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
};

describe('Kubernetes resources and apply against the fake API server', () => {
  let server: TestServer;
  let fake: FakeKube;
  let user: Awaited<ReturnType<typeof signUp>>;
  let clusterId: string;

  const get = (url: string, token = user.token) =>
    server.app.inject({ method: 'GET', url, headers: bearer(token) });
  const addCluster = async (kubeconfig: string, token = user.token) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/k8/clusters/paste-kubeconfig',
      headers: { ...bearer(token), 'content-type': 'application/yaml' },
      payload: kubeconfig,
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ data: { id: string }[] }>(response).data[0]!.id;
  };
  const apply = (yaml: string, options: { id?: string; dryRun?: boolean } = {}) =>
    server.app.inject({
      method: 'POST',
      url: `/api/k8/clusters/${options.id ?? clusterId}/apply${options.dryRun ? '?dryRun=true' : ''}`,
      headers: { ...bearer(user.token), 'content-type': 'text/plain' },
      payload: yaml,
    });
  const list = async (kind: string, query = '', id = clusterId) => {
    const response = await get(`/api/k8/clusters/${id}/resources/${kind}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<ListBody>(response);
  };

  beforeAll(async () => {
    fake = await startFakeKube();
    server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.1').rules });
    user = await signUp(server);
    clusterId = await addCluster(fake.kubeconfig({ context: 'fake', namespace: 'shop' }));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it.each(K8S_KINDS)('lists %s with items, data and list metadata', async (kind) => {
    const body = await list(kind);
    expect(body.items).toEqual(body.data);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.metadata.resourceVersion).toMatch(/^\d+$/);
    for (const item of body.items) expect(typeof item.metadata.name).toBe('string');
  });

  it('lists one namespace, pages with continue, and filters by label and field selectors', async () => {
    const pods = await list('pods', '?namespace=shop');
    expect(pods.items.length).toBeGreaterThanOrEqual(2);
    for (const pod of pods.items) expect(pod.metadata.namespace).toBe('shop');

    const first = await list('pods', '?namespace=shop&limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.metadata.continue).toBeTruthy();
    expect(first.metadata.remainingItemCount).toBe(pods.items.length - 1);
    const second = await list(
      'pods',
      `?namespace=shop&limit=1&continue=${encodeURIComponent(first.metadata.continue!)}`,
    );
    expect(second.items[0]?.metadata.name).not.toBe(first.items[0]?.metadata.name);
    expect(second.metadata.resourceVersion).toBe(first.metadata.resourceVersion);

    const labelled = pods.items.find(
      (p) => p.metadata.labels && Object.keys(p.metadata.labels).length > 0,
    )!;
    const [key, value] = Object.entries(labelled.metadata.labels!)[0]!;
    const byLabel = await list(
      'pods',
      `?namespace=shop&labelSelector=${encodeURIComponent(`${key}=${value}`)}`,
    );
    expect(byLabel.items.length).toBeGreaterThan(0);
    for (const pod of byLabel.items) expect(pod.metadata.labels?.[key]).toBe(value);

    const name = pods.items[0]!.metadata.name;
    const byName = await list(
      'pods',
      `?namespace=shop&limit=1&fieldSelector=${encodeURIComponent(`metadata.name=${name}`)}`,
    );
    expect(byName.items.map((p) => p.metadata.name)).toEqual([name]);
  });

  it('refuses a limit past 500 and a malformed continue token with a 400', async () => {
    expect((await get(`/api/k8/clusters/${clusterId}/resources/pods?limit=501`)).statusCode).toBe(
      400,
    );
    const bad = await get(
      `/api/k8/clusters/${clusterId}/resources/pods?namespace=shop&limit=1&continue=not-a-token`,
    );
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toMatch(/^List failed \(400\): .*continue/);
  });

  it('never returns secret values, only their keys', async () => {
    const created = await apply(
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db-password\n  namespace: shop\ntype: Opaque\nstringData:\n  password: hunter2-very-secret\n',
    );
    expect(created.statusCode, created.body).toBe(200);
    const response = await get(`/api/k8/clusters/${clusterId}/resources/secrets?namespace=shop`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('hunter2-very-secret');
    expect(response.body).not.toContain(Buffer.from('hunter2-very-secret').toString('base64'));
    const secrets = json<ListBody>(response).items as (K8sObject & {
      data?: Record<string, unknown>;
    })[];
    expect(secrets.length).toBeGreaterThan(1);
    const mine = secrets.find((s) => s.metadata.name === 'db-password');
    expect(mine?.data).toEqual({ password: null });
    for (const secret of secrets) {
      for (const value of Object.values(secret.data ?? {})) expect(value).toBeNull();
    }
  });

  it('reads a single pod, and says Get failed (404) for a missing one', async () => {
    const [pod] = (await list('pods', '?namespace=shop')).items;
    const one = await get(
      `/api/k8/clusters/${clusterId}/resources/pods/shop/${pod!.metadata.name}`,
    );
    expect(one.statusCode).toBe(200);
    expect(json<{ data: K8sObject }>(one).data.metadata.name).toBe(pod!.metadata.name);
    const missing = await get(`/api/k8/clusters/${clusterId}/resources/pods/shop/no-such-pod`);
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({
      code: 'k8s/not_found',
      message: 'Get failed (404): pods "no-such-pod" not found',
    });
  });

  it('passes on the cluster 403 with its Status message, and a refused token as 403 List failed (401)', async () => {
    const readOnly = await addCluster(
      fake.kubeconfig({ context: 'viewer', token: fake.readOnlyToken }),
    );
    const forbidden = await get(`/api/k8/clusters/${readOnly}/resources/secrets?namespace=shop`);
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toMatchObject({ code: 'k8s/forbidden' });
    expect(json<{ message: string }>(forbidden).message).toMatch(
      /^List failed \(403\): secrets is forbidden: User ".*" cannot list resource "secrets"/,
    );
    const denied = await apply(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: viewer-cm\ndata:\n  a: "1"\n',
      { id: readOnly },
    );
    expect(denied.statusCode).toBe(403);
    expect(json<{ message: string }>(denied).message).toMatch(/^Apply failed \(403\): /);

    const wrong = await addCluster(
      fake.kubeconfig({ context: 'wrong-token', token: 'not-a-valid-token' }),
    );
    const unauthorized = await get(`/api/k8/clusters/${wrong}/resources/pods`);
    expect(unauthorized.statusCode).toBe(403);
    expect(json(unauthorized)).toMatchObject({
      code: 'k8s/cluster_unauthorized',
      message: 'List failed (401): Unauthorized',
    });
  });

  it('answers 502 with a clear message when the cluster cannot be reached', async () => {
    const closed = await addCluster(
      fake.kubeconfig({ context: 'gone', server: 'https://127.0.0.1:1' }),
    );
    const response = await get(`/api/k8/clusters/${closed}/resources/pods`);
    expect(response.statusCode).toBe(502);
    expect(json(response)).toMatchObject({ code: 'k8s/request_failed' });
    expect(json<{ message: string }>(response).message).toMatch(
      /^List failed: the cluster could not be reached \(.*ECONNREFUSED/,
    );
  });

  it('applies created, then unchanged, then configured; the dry run stores nothing; each is audited', async () => {
    const manifest = (value: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\ndata:\n  mode: "${value}"\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 1\n  selector:\n    matchLabels: { app: api }\n  template:\n    metadata:\n      labels: { app: api }\n    spec:\n      containers:\n        - name: api\n          image: nginx:1.27\n`;
    const dry = await apply(manifest('a'), { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(
      json<{ data: { isDryRun: boolean; objects: { result: string }[] } }>(dry).data,
    ).toMatchObject({
      isDryRun: true,
      objects: [
        { kind: 'ConfigMap', name: 'settings', namespace: 'shop', result: 'created' },
        { kind: 'Deployment', name: 'api', namespace: 'shop', result: 'created' },
      ],
    });
    expect(
      (await list('configmaps', '?namespace=shop&fieldSelector=metadata.name%3Dsettings')).items,
    ).toEqual([]);

    const results = async (value: string) => {
      const response = await apply(manifest(value));
      expect(response.statusCode, response.body).toBe(200);
      return json<{ data: { objects: { result: string }[] } }>(response).data.objects.map(
        (o) => o.result,
      );
    };
    expect(await results('a')).toEqual(['created', 'created']);
    expect(await results('a')).toEqual(['unchanged', 'unchanged']);
    expect(await results('b')).toEqual(['configured', 'unchanged']);
    const dryChange = await apply(manifest('c'), { dryRun: true });
    expect(
      json<{ data: { objects: { result: string }[] } }>(dryChange).data.objects.map(
        (o) => o.result,
      ),
    ).toEqual(['configured', 'unchanged']);

    const { rows } = await sql<{ action: string; actor_id: string }>`
      SELECT action, actor_id FROM audit_log WHERE target_type = 'k8s_cluster' AND target_id = ${clusterId}`.execute(
      server.db,
    );
    expect(rows.filter((r) => r.action === 'k8s.apply').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.action === 'k8s.apply.dry-run').length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.actor_id === user.userId)).toBe(true);
  });

  it('reports a misspelt field instead of dropping it, and applies nothing', async () => {
    const response = await apply(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: before-typo\ndata:\n  a: "1"\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: typo\nspec:\n  replica: 3\n  selector:\n    matchLabels: { app: typo }\n  template:\n    metadata:\n      labels: { app: typo }\n    spec:\n      containers:\n        - name: c\n          image: nginx\n          imagePullPolice: Always\n',
    );
    expect(response.statusCode).toBe(422);
    expect(json(response)).toMatchObject({ code: 'k8s/invalid' });
    const { message } = json<{ message: string }>(response);
    expect(message).toMatch(/^Apply failed \(422\): Deployment "typo" is invalid: /);
    expect(message).toContain('unknown field "spec.replica"');
    expect(message).toContain('unknown field "spec.template.spec.containers[0].imagePullPolice"');
    expect(
      (await list('configmaps', '?namespace=shop&fieldSelector=metadata.name%3Dbefore-typo')).items,
    ).toEqual([]);
  });

  it('reports a wrong type, unreadable YAML and an unknown kind clearly', async () => {
    const wrongType = await apply(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  replicas: many\n  selector: {}\n  template: {}\n',
    );
    expect(wrongType.statusCode).toBe(422);
    expect(json<{ message: string }>(wrongType).message).toContain('spec.replicas');
    const broken = await apply('kind: [\n');
    expect(broken.statusCode).toBe(400);
    expect(json(broken)).toMatchObject({ code: 'k8s/manifest_invalid' });
    const unknownKind = await apply(
      'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n',
    );
    expect(unknownKind.statusCode).toBe(404);
    expect(json<{ message: string }>(unknownKind).message).toMatch(/^Apply failed \(404\)/);
  });

  it("answers 404 for another user's cluster on every route", async () => {
    const stranger = await signUp(server);
    for (const url of [
      `/api/k8/clusters/${clusterId}/resources/pods`,
      `/api/k8/clusters/${clusterId}/resources/namespaces`,
      `/api/k8/clusters/${clusterId}/resources/pods/shop/anything`,
    ]) {
      const response = await get(url, stranger.token);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ code: 'k8s/cluster_not_found' });
    }
    const applied = await server.app.inject({
      method: 'POST',
      url: `/api/k8/clusters/${clusterId}/apply`,
      headers: { ...bearer(stranger.token), 'content-type': 'text/plain' },
      payload: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: intruder\n',
    });
    expect(applied.statusCode).toBe(404);
  });
});

// Runs only against a real cluster: K8S_SMOKE_KUBECONFIG=path/to/flattened/kubeconfig (docs/k8s.md).
const smokeKubeconfig = process.env.K8S_SMOKE_KUBECONFIG;
describe.runIf(Boolean(smokeKubeconfig))('smoke test against a real cluster', () => {
  it('pastes the kubeconfig and lists the namespaces', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(smokeKubeconfig!, 'utf8');
    // kind and minikube listen on loopback or a private address.
    const server = await startTestServer({
      egressAllow: parseAllowRules('127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, ::1')
        .rules,
    });
    try {
      const user = await signUp(server);
      const pasted = await server.app.inject({
        method: 'POST',
        url: '/api/k8/clusters/paste-kubeconfig',
        headers: { ...bearer(user.token), 'content-type': 'text/plain' },
        payload: text,
      });
      expect(pasted.statusCode, pasted.body).toBe(200);
      const id = json<{ data: { id: string }[] }>(pasted).data[0]!.id;
      const namespaces = await server.app.inject({
        method: 'GET',
        url: `/api/k8/clusters/${id}/resources/namespaces`,
        headers: bearer(user.token),
      });
      expect(namespaces.statusCode, namespaces.body).toBe(200);
      const names = json<ListBody>(namespaces).items.map((n) => n.metadata.name);
      expect(names).toContain('kube-system');
    } finally {
      await server.close();
    }
  }, 60_000);
});
