import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type TestServer } from './harness';
import { stateV4 } from './inventory-files';
import type { FakeKube } from './k8s-fake';
import { connectFakeCluster } from './fake-cluster';
import { newUser, type User } from './planner-helpers';

interface Graph {
  nodes: { id: string; address: string; type: string; mode: string; external: boolean }[];
  edges: { from: string; to: string; kind: string }[];
}

describe('CMDB graph with a connected Kubernetes cluster', () => {
  let server: TestServer;
  let fake: FakeKube;
  let user: User;
  let clusterId: string;
  let sourceId: string;

  beforeAll(async () => {
    ({ server, fake, user, clusterId } = await connectFakeCluster('shop'));
    sourceId = json<{ data: { id: string } }>(
      await user.call('POST', '/api/inventory/sources', {
        kind: 'tfstate',
        name: 'k8s',
        content: stateV4(),
      }),
    ).data.id;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('adds workloads with owner and selector edges beside the state’s resources', async () => {
    const res = await user.call('GET', `/api/cmdb/graph?source=${sourceId}&cluster=${clusterId}`);
    expect(res.statusCode, res.body).toBe(200);
    const graph = json<{ data: Graph }>(res).data;
    const k8s = graph.nodes.filter((n) => n.mode === 'k8s');
    expect(graph.nodes.some((n) => n.address === 'aws_vpc.main')).toBe(true);
    const byId = new Map(k8s.map((n) => [n.id, n]));
    const ownerEdges = graph.edges
      .filter((e) => e.kind === 'owner')
      .map((e) => `${byId.get(e.from)?.type}->${byId.get(e.to)?.type}`);
    // A ReplicaSet depends on the Deployment that owns it; its pods on it.
    expect(ownerEdges).toContain('ReplicaSet->Deployment');
    expect(ownerEdges).toContain('Pod->ReplicaSet');
    // A Service depends on the pods its selector matches.
    const selectorEdges = graph.edges.filter((e) => e.kind === 'selector');
    expect(selectorEdges.length).toBeGreaterThan(0);
    const service = k8s.find((n) => n.id === selectorEdges[0]!.from)!;
    expect(service.type).toBe('Service');
  });

  it('answers a cluster of another user as not found', async () => {
    const other = await newUser(server, 'pro');
    const otherSource = json<{ data: { id: string } }>(
      await other.call('POST', '/api/inventory/sources', {
        kind: 'tfstate',
        name: 'x',
        content: stateV4(),
      }),
    ).data.id;
    const res = await other.call(
      'GET',
      `/api/cmdb/graph?source=${otherSource}&cluster=${clusterId}`,
    );
    expect(res.statusCode).toBe(404);
  });
});
