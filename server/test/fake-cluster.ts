import { expect } from 'vitest';
import { parseAllowRules } from '../src/lib/egress';
import { bearer, json, startTestServer, type TestServer } from './harness';
import { startFakeKube, type FakeKube } from './k8s-fake';
import { newUser, type User } from './planner-helpers';

export interface FakeClusterSetup {
  server: TestServer;
  fake: FakeKube;
  /** A Pro user who pasted the fake cluster's kubeconfig. */
  user: User;
  clusterId: string;
  close(): Promise<void>;
}

/**
 * A test server allowed to reach the loopback fake Kubernetes API server, and a user with that
 * cluster connected through the Clusters page's paste route.
 */
export async function connectFakeCluster(namespace?: string): Promise<FakeClusterSetup> {
  const fake = await startFakeKube();
  const server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.1').rules });
  const user = await newUser(server, 'pro');
  const pasted = await server.app.inject({
    method: 'POST',
    url: '/api/k8/clusters/paste-kubeconfig',
    headers: { ...bearer(user.token), 'content-type': 'application/yaml' },
    payload: fake.kubeconfig({ context: 'fake', ...(namespace && { namespace }) }),
  });
  expect(pasted.statusCode, pasted.body).toBe(200);
  const clusterId = json<{ data: { id: string }[] }>(pasted).data[0]!.id;
  return {
    server,
    fake,
    user,
    clusterId,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}
