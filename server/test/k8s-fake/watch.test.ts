import {
  KubernetesObjectApi,
  PatchStrategy,
  Watch,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeConfigFor, raw } from './fake-kube-helpers';
import { startFakeKube, type FakeKube } from './index';

let kube: FakeKube;
let watch: Watch;

beforeAll(async () => {
  kube = await startFakeKube({ bookmarkIntervalMs: 100 });
  watch = new Watch(kubeConfigFor(kube));
});
afterAll(() => kube.close());

type Seen = { type: string; name?: string; rv?: string; object: Record<string, unknown> };

/** Opens a client-node watch and collects events until `until` holds. */
async function collect(
  path: string,
  query: Record<string, string | number | boolean>,
  until: (seen: Seen[]) => boolean,
  act?: () => void | Promise<void>,
) {
  const seen: Seen[] = [];
  let ended: unknown = 'open';
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const check = () => until(seen) && resolve();
  const controller = await watch.watch(
    path,
    query,
    (type, object: KubernetesObject & Record<string, unknown>) => {
      seen.push({
        type,
        name: object.metadata?.name,
        rv: object.metadata?.resourceVersion,
        object,
      });
      check();
    },
    (err) => {
      ended = err;
      resolve();
    },
  );
  await new Promise((r) => setTimeout(r, 50));
  await act?.();
  await done;
  controller.abort();
  return { seen, ended };
}

describe('watch', { timeout: 120_000 }, () => {
  it('sends synthetic ADDED for what exists, then changes as they happen', async () => {
    const { seen } = await collect(
      '/api/v1/namespaces/shop/pods',
      {},
      (s) => s.some((e) => e.type === 'DELETED'),
      () => {
        kube.store.update(
          'pods',
          'shop',
          'db-0',
          (p) => void (p.metadata.labels = { ...p.metadata.labels, tier: 'data' }),
        );
        kube.store.remove('pods', 'shop', 'migrate-5xq2w');
      },
    );
    expect(seen.slice(0, 4).map((e) => [e.type, e.name])).toEqual([
      ['ADDED', 'db-0'],
      ['ADDED', 'migrate-5xq2w'],
      ['ADDED', 'web-7d4b9c8f5-h2x9q'],
      ['ADDED', 'web-7d4b9c8f5-p7k4m'],
    ]);
    expect(seen[0]!.object.kind).toBe('Pod');
    expect(seen.slice(4).map((e) => [e.type, e.name])).toEqual([
      ['MODIFIED', 'db-0'],
      ['DELETED', 'migrate-5xq2w'],
    ]);
    expect(seen[5]!.rv).toBe(String(kube.store.revision));
  });

  it('resumes after a resourceVersion with no synthetic events', async () => {
    const from = kube.store.revision;
    kube.store.touch('configmaps', 'shop', 'web-config');
    const { seen } = await collect(
      '/api/v1/namespaces/shop/configmaps',
      { resourceVersion: String(from) },
      (s) => s.length >= 2,
      () => {
        kube.store.touch('configmaps', 'shop', 'web-config');
      },
    );
    expect(seen.map((e) => [e.type, e.name])).toEqual([
      ['MODIFIED', 'web-config'],
      ['MODIFIED', 'web-config'],
    ]);
    expect(Number(seen[0]!.rv)).toBe(from + 1);
  });

  it('turns selector transitions into ADDED and DELETED', async () => {
    const { seen } = await collect(
      '/api/v1/pods',
      { labelSelector: 'canary=true', resourceVersion: String(kube.store.revision) },
      (s) => s.length >= 2,
      () => {
        kube.store.update(
          'pods',
          'shop',
          'web-7d4b9c8f5-h2x9q',
          (p) => void (p.metadata.labels = { ...p.metadata.labels, canary: 'true' }),
        );
        kube.store.update(
          'pods',
          'shop',
          'web-7d4b9c8f5-h2x9q',
          (p) => void delete p.metadata.labels!.canary,
        );
      },
    );
    expect(seen.map((e) => [e.type, e.name])).toEqual([
      ['ADDED', 'web-7d4b9c8f5-h2x9q'],
      ['DELETED', 'web-7d4b9c8f5-h2x9q'],
    ]);
    // DELETED carries the previous content (still labelled) at the new revision.
    expect((seen[1]!.object.metadata as { labels: Record<string, string> }).labels.canary).toBe(
      'true',
    );
    expect(seen[1]!.rv).toBe(String(kube.store.revision));
  });

  it('answers a compacted resourceVersion with 200 and one ERROR 410 event, then ends', async () => {
    const old = kube.store.revision;
    kube.store.touch('services', 'shop', 'web');
    kube.store.compact();
    const { seen, ended } = await collect(
      '/api/v1/namespaces/shop/services',
      { resourceVersion: String(old) },
      () => false,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.type).toBe('ERROR');
    expect(seen[0]!.object).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `too old resource version: ${old} (${kube.store.compactedRevision})`,
      reason: 'Expired',
      code: 410,
    });
    expect(ended).toBeNull();
    const wire = await raw(
      kube,
      `/api/v1/namespaces/shop/services?watch=true&resourceVersion=${old}`,
    );
    expect(wire.status).toBe(200);
    expect(wire.text.trim().split('\n')).toHaveLength(1);
  });

  it('sends bookmarks only when asked, and ends at timeoutSeconds', async () => {
    const started = Date.now();
    const { seen, ended } = await collect(
      '/apis/apps/v1/namespaces/shop/deployments',
      {
        allowWatchBookmarks: true,
        timeoutSeconds: 1,
        resourceVersion: String(kube.store.revision),
      },
      () => false,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(ended).toBeNull();
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((e) => e.type === 'BOOKMARK')).toBe(true);
    expect(seen[0]!.object).toEqual({
      kind: 'Deployment',
      apiVersion: 'apps/v1',
      metadata: { resourceVersion: String(kube.store.revision) },
    });
    const plain = await collect(
      '/apis/apps/v1/namespaces/shop/deployments',
      { timeoutSeconds: 1, resourceVersion: String(kube.store.revision) },
      () => false,
    );
    expect(plain.seen).toEqual([]);
  });

  it('delivers server-side applies to open watches', async () => {
    const objects = KubernetesObjectApi.makeApiClient(kubeConfigFor(kube));
    const { seen } = await collect(
      '/api/v1/namespaces/shop/configmaps',
      {
        fieldSelector: 'metadata.name=feature-flags',
        resourceVersion: String(kube.store.revision),
      },
      (s) => s.length >= 2,
      async () => {
        const body = {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'feature-flags', namespace: 'shop' },
          data: { checkout: 'on' },
        };
        await objects.patch(
          body,
          undefined,
          undefined,
          'stratum',
          undefined,
          PatchStrategy.ServerSideApply,
        );
        await objects.patch(
          { ...body, data: { checkout: 'off' } },
          undefined,
          undefined,
          'stratum',
          undefined,
          PatchStrategy.ServerSideApply,
        );
      },
    );
    expect(seen.map((e) => [e.type, (e.object.data as Record<string, string>).checkout])).toEqual([
      ['ADDED', 'on'],
      ['MODIFIED', 'off'],
    ]);
  });
});
