import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withK8sTables } from '../src/features/k8s/tables';
import { bearer, json, type TestServer } from './harness';
import type { FakeKube } from './k8s-fake';
import { connectFakeCluster } from './fake-cluster';
import { newUser, type User } from './planner-helpers';

const MANIFESTS = [
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-settings\n  namespace: shop\ndata:\n  mode: safe\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-flags\n  namespace: shop\ndata:\n  beta: "off"\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-limits\n  namespace: shop\ndata:\n  max: "10"\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-labels\n  labels:\n    team: shop\ndata:\n  on: "yes"\n',
].join('---\n');

describe('Drift: live Kubernetes objects against what Stratum applied', () => {
  let server: TestServer;
  let fake: FakeKube;
  let user: User;
  let clusterId: string;

  beforeAll(async () => {
    ({ server, fake, user, clusterId } = await connectFakeCluster('shop'));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('says when Stratum applied nothing to the cluster', async () => {
    const res = await user.call('POST', '/api/drift/scans', { actual: { kind: 'k8s', clusterId } });
    expect(res.statusCode).toBe(400);
    expect(json<{ message: string }>(res).message).toMatch(/applied nothing/);
  });

  it('finds an object changed by another field manager and one deleted; the rest in sync', async () => {
    const applied = await server.app.inject({
      method: 'POST',
      url: `/api/k8/clusters/${clusterId}/apply`,
      headers: { ...bearer(user.token), 'content-type': 'application/yaml' },
      payload: MANIFESTS,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    // What the API server records when someone runs `kubectl edit` on one and deletes another.
    fake.store.update('configmaps', 'shop', 'app-settings', (o) => {
      (o as unknown as { data: Record<string, string> }).data.mode = 'unsafe';
      o.metadata.managedFields = [
        ...(o.metadata.managedFields ?? []),
        {
          manager: 'kubectl-edit',
          operation: 'Update',
          apiVersion: 'v1',
          time: new Date().toISOString(),
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:data': { 'f:mode': {} } },
        },
      ];
    });
    fake.store.remove('configmaps', 'shop', 'app-flags');
    // A change no field manager recorded (written around the API's bookkeeping): the kept
    // manifest still tells it apart. Defaults the server adds are not drift.
    fake.store.update('configmaps', 'shop', 'app-limits', (o) => {
      (o as unknown as { data: Record<string, string> }).data.max = '20';
    });
    fake.store.update('configmaps', 'shop', 'app-labels', (o) => {
      o.metadata.labels = { ...o.metadata.labels, 'added-by-server': 'x' };
    });

    const res = await user.call('POST', '/api/drift/scans', { actual: { kind: 'k8s', clusterId } });
    expect(res.statusCode, res.body).toBe(200);
    const scan = json<{
      data: {
        summary: Record<string, number>;
        changes: {
          address: string;
          status: string;
          reason: string | null;
          attributes: { path: string[]; before?: unknown; after: unknown }[];
        }[];
      };
    }>(res).data;
    expect(scan.summary).toMatchObject({ inSync: 1, changed: 2, missing: 1, unmanaged: 0 });
    const changed = scan.changes.filter((c) => c.status === 'changed');
    // The value applied (from the kept manifest) beside the live one, and who wrote it.
    expect(changed.map((c) => [c.address, c.attributes, c.reason])).toEqual([
      [
        'ConfigMap/shop/app-limits',
        [{ path: ['data', 'max'], before: '10', after: '20' }],
        'The live object no longer matches what Stratum applied.',
      ],
      [
        'ConfigMap/shop/app-settings',
        [{ path: ['data', 'mode'], before: 'safe', after: 'unsafe' }],
        'Changed by kubectl-edit after Stratum applied it.',
      ],
    ]);
    expect(scan.changes.find((c) => c.status === 'missing')?.address).toBe(
      'ConfigMap/shop/app-flags',
    );
  });

  it('keeps a Secret it applied as digests, never its values, and still tells a rotated one', async () => {
    const secret =
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  namespace: shop\nstringData:\n  password: hunter2\n';
    const applied = await server.app.inject({
      method: 'POST',
      url: `/api/k8/clusters/${clusterId}/apply`,
      headers: { ...bearer(user.token), 'content-type': 'application/yaml' },
      payload: secret,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const kept = await withK8sTables(server.db)
      .selectFrom('k8s_applied_manifests')
      .select(sql<string>`manifest::text`.as('manifest'))
      .where('name', '=', 'db')
      .executeTakeFirstOrThrow();
    expect(kept.manifest).not.toContain('hunter2');
    expect(kept.manifest).toContain('sha256:');

    fake.store.update('secrets', 'shop', 'db', (o) => {
      (o as unknown as { data: Record<string, string> }).data = {
        password: Buffer.from('rotated').toString('base64'),
      };
    });
    const res = await user.call('POST', '/api/drift/scans', { actual: { kind: 'k8s', clusterId } });
    const change = json<{
      data: { changes: { address: string; attributes: unknown[] }[] };
    }>(res).data.changes.find((c) => c.address === 'Secret/shop/db');
    expect(change?.attributes).toEqual([
      { path: ['data', 'password'], before: '(sensitive)', after: '(sensitive)' },
    ]);
    expect(res.body).not.toContain('rotated');
    expect(res.body).not.toContain(Buffer.from('rotated').toString('base64'));
  });

  it('schedules a scan of the cluster, and refuses a cluster that is not the user’s', async () => {
    const source = json<{ data: { id: string } }>(
      await user.call('POST', '/api/inventory/sources', {
        kind: 'csv',
        name: 'k8s',
        content: 'address,type\nkubernetes_config_map.settings,kubernetes_config_map\n',
      }),
    ).data.id;
    const created = await user.call('POST', '/api/drift/schedules', {
      sourceId: source,
      actual: { kind: 'k8s', clusterId },
      intervalMinutes: 15,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(json<{ data: { actualKind: string; targetId: string } }>(created).data).toMatchObject({
      actualKind: 'k8s',
      targetId: clusterId,
    });
    const other = await newUser(server, 'pro');
    const otherSource = json<{ data: { id: string } }>(
      await other.call('POST', '/api/inventory/sources', {
        kind: 'csv',
        name: 'x',
        content: 'address,type\nkubernetes_config_map.x,kubernetes_config_map\n',
      }),
    ).data.id;
    const refused = await other.call('POST', '/api/drift/schedules', {
      sourceId: otherSource,
      actual: { kind: 'k8s', clusterId },
      intervalMinutes: 15,
    });
    expect(refused.statusCode).toBe(404);
  });
});
