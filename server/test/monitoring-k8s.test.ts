import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, type TestServer } from './harness';
import type { FakeKube } from './k8s-fake';
import { connectFakeCluster } from './fake-cluster';
import { newUser, type User } from './planner-helpers';

interface Check {
  id: string;
  state: string;
  lastError: string | null;
}

describe('Monitoring: Kubernetes health through the adapter', () => {
  let server: TestServer;
  let fake: FakeKube;
  let user: User;
  let clusterId: string;

  beforeAll(async () => {
    ({ server, fake, user, clusterId } = await connectFakeCluster());
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const run = async (id: string) =>
    json<{ data: Check }>(await user.call('POST', `/api/monitoring/checks/${id}/run`)).data;

  it('is up for a healthy cluster and down, naming the cause, when a deployment lacks replicas or a node is not ready', async () => {
    const created = await user.call('POST', '/api/monitoring/checks', {
      name: 'Cluster',
      target: { kind: 'k8s', clusterId, maxRestarts: 100 },
      retries: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const check = json<{ data: Check }>(created).data;
    const first = await run(check.id);
    expect(first.lastError).toBeNull();
    expect(first.state).toBe('up');

    const [deployment] = fake.store.list('deployments');
    const name = deployment!.metadata.name!;
    fake.store.update('deployments', deployment!.metadata.namespace, name, (o) => {
      (o as unknown as { status: { availableReplicas: number } }).status.availableReplicas = 0;
    });
    const [node] = fake.store.list('nodes');
    const nodeName = node!.metadata.name!;
    fake.store.update('nodes', undefined, nodeName, (o) => {
      const status = (
        o as unknown as { status: { conditions: { type: string; status: string }[] } }
      ).status;
      status.conditions = status.conditions.map((c) =>
        c.type === 'Ready' ? { ...c, status: 'False' } : c,
      );
    });
    const second = await run(check.id);
    expect(second.state).toBe('down');
    expect(second.lastError).toContain(`Node ${nodeName} is not ready`);
    expect(second.lastError).toMatch(
      new RegExp(`Deployment [^ ]*${name} has 0 of \\d+ replicas available`),
    );
  });

  it('reads a TLS certificate: down inside the expiry threshold, and down when untrusted', async () => {
    // The fake API server's certificate is valid for about a week, signed by its own CA.
    const target = { kind: 'tls', host: '127.0.0.1', port: fake.port, expiryDays: 30 };
    const created = await user.call('POST', '/api/monitoring/checks', {
      name: 'API certificate',
      target,
      retries: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = json<{ data: Check }>(created).data.id;
    const soon = await run(id);
    expect(soon.state).toBe('down');
    expect(soon.lastError).toMatch(
      /^The certificate expires in \d+ days? \(.+\), within the 30-day threshold$/,
    );

    const updated = await user.call('PUT', `/api/monitoring/checks/${id}`, {
      name: 'API certificate',
      target: { ...target, expiryDays: 1 },
      retries: 0,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const untrusted = await run(id);
    expect(untrusted.state).toBe('down');
    expect(untrusted.lastError).toMatch(
      /^The certificate is not trusted: [A-Z_]+ \(it expires in \d+ days\)$/,
    );
  });

  it('accepts a cluster of the user’s that does not answer, and says it is down', async () => {
    const pasted = await server.app.inject({
      method: 'POST',
      url: '/api/k8/clusters/paste-kubeconfig',
      headers: { ...bearer(user.token), 'content-type': 'application/yaml' },
      payload: fake.kubeconfig({ context: 'gone', server: 'https://127.0.0.1:9' }),
    });
    expect(pasted.statusCode, pasted.body).toBe(200);
    const gone = json<{ data: { id: string; name: string }[] }>(pasted).data.find(
      (c) => c.name === 'gone',
    )!;
    const created = await user.call('POST', '/api/monitoring/checks', {
      name: 'Gone cluster',
      target: { kind: 'k8s', clusterId: gone.id },
      retries: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const ran = await run(json<{ data: Check }>(created).data.id);
    expect(ran.state).toBe('down');
    expect(ran.lastError).toMatch(/could not be reached/);
  });

  it('refuses a cluster that is not the user’s', async () => {
    const other = await newUser(server, 'pro');
    const refused = await other.call('POST', '/api/monitoring/checks', {
      name: 'Not mine',
      target: { kind: 'k8s', clusterId },
    });
    expect(refused.statusCode).toBe(404);
  });
});
