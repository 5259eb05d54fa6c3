import { KubernetesObjectApi, PatchStrategy, type KubernetesObject } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeConfigFor, raw, statusOf } from './fake-kube-helpers';
import { startFakeKube, type FakeKube } from './index';

let kube: FakeKube;
let objects: KubernetesObjectApi;

beforeAll(async () => {
  kube = await startFakeKube();
  objects = KubernetesObjectApi.makeApiClient(kubeConfigFor(kube));
});
afterAll(() => kube.close());

const api = {
  apply: (
    spec: KubernetesObject,
    options: { dryRun?: string; manager?: string; force?: boolean } = {},
  ) =>
    objects.patch(
      spec,
      undefined,
      options.dryRun,
      options.manager ?? 'stratum',
      options.force,
      PatchStrategy.ServerSideApply,
    ),
};

const specOf = (object: KubernetesObject) =>
  (object as KubernetesObject & { spec?: Record<string, unknown> }).spec;

function deployment(name: string, replicas: number, image = 'nginx:1.27') {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'shop', labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'main', image }] },
      },
    },
  };
}

/** A raw apply (client-node's serializer would drop unknown fields before they reach us). */
function rawApply(path: string, body: unknown, query = 'fieldManager=stratum') {
  return raw(kube, `${path}?${query}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    contentType: 'application/apply-patch+yaml',
  });
}

describe('server-side apply', { timeout: 120_000 }, () => {
  it('creates with 201, then updates with 200 and bumps resourceVersion and generation', async () => {
    const created = await rawApply(
      '/apis/apps/v1/namespaces/shop/deployments/api',
      deployment('api', 1),
    );
    expect(created.status).toBe(201);
    const first = created.json() as { metadata: Record<string, unknown> };
    expect(first.metadata).toMatchObject({
      generation: 1,
      resourceVersion: String(kube.store.revision),
    });
    expect(first.metadata.managedFields).toEqual([
      expect.objectContaining({
        manager: 'stratum',
        operation: 'Apply',
        apiVersion: 'apps/v1',
        fieldsType: 'FieldsV1',
      }),
    ]);
    const updated = await api.apply(deployment('api', 3));
    expect(specOf(updated)).toMatchObject({ replicas: 3 });
    expect(updated.metadata?.generation).toBe(2);
    expect(Number(updated.metadata?.resourceVersion)).toBeGreaterThan(
      Number(first.metadata.resourceVersion),
    );
  });

  it('leaves an identical re-apply unchanged (same resourceVersion)', async () => {
    const before = await api.apply(deployment('steady', 2));
    const again = await api.apply(deployment('steady', 2));
    expect(again.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
  });

  it('accepts dryRun=All without storing, and refuses any other dryRun with the real 422', async () => {
    const dry = await api.apply(deployment('dry', 1), { dryRun: 'All' });
    expect(dry.metadata?.name).toBe('dry');
    expect(kube.store.get('deployments', 'shop', 'dry')).toBeUndefined();
    const bad = await statusOf(api.apply(deployment('dry', 1), { dryRun: 'true' }));
    expect(bad).toEqual({
      code: 422,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message:
          'PatchOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["true"]: supported values: "All"',
        reason: 'Invalid',
        details: {
          group: 'meta.k8s.io',
          kind: 'PatchOptions',
          causes: [
            {
              reason: 'FieldValueNotSupported',
              message: 'Unsupported value: ["true"]: supported values: "All"',
              field: 'dryRun',
            },
          ],
        },
        code: 422,
      },
    });
  });

  it('requires a fieldManager', async () => {
    const response = await rawApply(
      '/api/v1/namespaces/shop/configmaps/x',
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } },
      '',
    );
    expect(response.status).toBe(422);
    expect(response.json().message).toBe(
      'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
    );
  });

  it('answers an unknown field with the real 500 "field not declared in schema"', async () => {
    const body = deployment('typo', 1) as Record<string, unknown> & {
      spec: Record<string, unknown>;
    };
    body.spec.replica = 2;
    const response = await rawApply('/apis/apps/v1/namespaces/shop/deployments/typo', body);
    expect(response.status).toBe(500);
    expect(response.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'failed to create typed patch object (shop/typo; apps/v1, Kind=Deployment): .spec.replica: field not declared in schema',
      code: 500,
    });
    expect(kube.store.get('deployments', 'shop', 'typo')).toBeUndefined();
  });

  it('refuses a write into a missing namespace with 404', async () => {
    const missing = await statusOf(
      api.apply({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'c', namespace: 'ghost' },
      }),
    );
    expect(missing).toMatchObject({
      code: 404,
      body: {
        reason: 'NotFound',
        message: 'namespaces "ghost" not found',
        details: { name: 'ghost', kind: 'namespaces' },
      },
    });
  });

  it('reports conflicts with another manager and takes the field over with force', async () => {
    const conflict = await statusOf(api.apply(deployment('web', 5)));
    expect(conflict.code).toBe(409);
    expect(conflict.body).toMatchObject({ reason: 'Conflict' });
    expect(conflict.body.message).toContain(
      'conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas',
    );
    const forced = await api.apply(deployment('web', 5), { force: true });
    expect(specOf(forced)).toMatchObject({ replicas: 5 });
    const owners = forced.metadata?.managedFields?.map((m) => m.manager);
    expect(owners).toEqual(['kubectl-client-side-apply', 'stratum']);
  });

  it('rejects an invalid object with 422 and warns about deprecated fields', async () => {
    const noImage = deployment('broken', 1);
    (noImage.spec.template.spec.containers[0] as { image?: string }).image = undefined;
    delete (noImage.spec.template.spec.containers[0] as { image?: string }).image;
    const invalid = await rawApply('/apis/apps/v1/namespaces/shop/deployments/broken', noImage);
    expect(invalid.status).toBe(422);
    expect(invalid.json().message).toBe(
      'Deployment.apps "broken" is invalid: spec.template.spec.containers[0].image: Required value',
    );
    const legacy = deployment('legacy', 1) as ReturnType<typeof deployment> & {
      spec: { template: { spec: Record<string, unknown> } };
    };
    legacy.spec.template.spec.nodeSelector = { 'beta.kubernetes.io/os': 'linux' };
    const warned = await rawApply('/apis/apps/v1/namespaces/shop/deployments/legacy', legacy);
    expect(warned.status).toBe(201);
    expect(warned.headers.get('warning')).toBe(
      '299 - "spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use \\"kubernetes.io/os\\" instead"',
    );
  });

  it('serves the discovery client-node needs, and 403s the read-only user', async () => {
    const viewer = KubernetesObjectApi.makeApiClient(kubeConfigFor(kube, kube.readOnlyToken));
    const denied = await statusOf(
      viewer.patch(
        deployment('api', 1),
        undefined,
        undefined,
        'stratum',
        undefined,
        PatchStrategy.ServerSideApply,
      ),
    );
    expect(denied.code).toBe(403);
    expect(denied.body.message).toBe(
      'deployments.apps "api" is forbidden: User "system:serviceaccount:default:viewer" cannot patch resource "deployments" in API group "apps" in the namespace "shop"',
    );
    const groups = (await raw(kube, '/apis')).json();
    expect((groups.groups as { name: string }[]).map((g) => g.name)).toEqual([
      'apps',
      'batch',
      'networking.k8s.io',
    ]);
  });
});
