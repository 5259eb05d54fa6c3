import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TLogEvent, TWatchEvent } from '@stratum/core/contract/k8s/streams';
import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import { parseAllowRules } from '../src/lib/egress';
import { bearer, signUp, startTestServer, type TestServer } from './harness';
import { startFakeKube, type FakeKube } from './k8s-fake';
import { openSocket, openSse, type SseReader } from './sse-client';

let server: TestServer;
let fake: FakeKube;
let base: string;
let user: { token: string; userId: string };
let clusterId: string;

beforeAll(async () => {
  fake = await startFakeKube();
  server = await startTestServer({
    egressAllow: parseAllowRules('127.0.0.1/32').rules,
    publicUrl: 'https://stratum.example.com',
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  user = await signUp(server);
  clusterId = await pasteCluster(user.token);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function pasteCluster(token: string): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/k8/clusters/paste-kubeconfig',
    headers: { ...bearer(token), 'content-type': 'text/plain' },
    payload: fake.kubeconfig({ namespace: 'shop' }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string }[] }>().data[0]!.id;
}

async function ticket(token = user.token): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/k8/stream-tickets',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { ticket: string } }>().data.ticket;
}

const watchUrl = (kind: string, query = '') =>
  `${base}/api/k8/clusters/${clusterId}/watch/${kind}?namespace=shop${query}`;
const logsUrl = (pod: string, query: string) =>
  `${base}/api/k8/clusters/${clusterId}/pods/${pod}/logs/stream?${query}`;
const execUrl = (query: string) =>
  `${base.replace('http', 'ws')}/api/k8/clusters/${clusterId}/exec/stream?${query}`;

const named = (name: string) => (event: TWatchEvent) =>
  'object' in event && (event.object.metadata as { name?: string } | undefined)?.name === name;

/** One of the seeded shop/web pods (one container, `web`). */
function webPod(): { pod: string; container: string } {
  const pod = fake.store.list('pods', 'shop').find((p) => p.metadata.name?.startsWith('web-'));
  if (!pod?.metadata.name) throw new Error('the fake has no shop/web pod');
  return { pod: pod.metadata.name, container: 'web' };
}

function configMap(name: string, data: Record<string, string>) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'shop' }, data };
}

describe('stream tickets', () => {
  it('opens a stream once; the second use, an expired ticket and a signed-out session are refused', async () => {
    const first = await ticket();
    const stream = await openSse<TWatchEvent>(watchUrl('configmaps', `&ticket=${first}`));
    expect(stream.status).toBe(200);
    await stream.next((e) => e.type === 'ADDED');
    stream.close();

    const again = await openSse(watchUrl('configmaps', `&ticket=${first}`));
    expect(again.status).toBe(401);

    const stale = await ticket();
    await sql`UPDATE stream_tickets SET expires_at = now() - interval '1 second' WHERE user_id = ${user.userId}`.execute(
      server.db,
    );
    expect((await openSse(watchUrl('configmaps', `&ticket=${stale}`))).status).toBe(401);

    const other = await signUp(server);
    const revoked = await ticket(other.token);
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(other.token),
    });
    expect((await openSse(watchUrl('configmaps', `&ticket=${revoked}`))).status).toBe(401);
  });

  it('needs a session to issue one, and a stream needs a ticket or a bearer token', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/k8/stream-tickets' });
    expect(response.statusCode).toBe(401);
    expect((await openSse(watchUrl('pods'))).status).toBe(401);
    expect((await openSse(watchUrl('pods', '&ticket=made-up'))).status).toBe(401);
  });

  it("does not open another user's cluster", async () => {
    const other = await signUp(server);
    const stream = await openSse(watchUrl('pods'), bearer(other.token));
    expect(stream.status).toBe(404);
  });
});

describe('watch', () => {
  it('sends the existing objects, then a change made in the cluster', async () => {
    fake.store.put(configMap('watch-me', { colour: 'blue' }));
    const stream = await openSse<TWatchEvent>(watchUrl('configmaps'), bearer(user.token));
    const added = await stream.next(named('watch-me'));
    expect(added).toMatchObject({
      type: 'ADDED',
      object: { kind: 'ConfigMap', data: { colour: 'blue' } },
    });
    fake.store.put(configMap('watch-me', { colour: 'green' }));
    expect(await stream.next(named('watch-me'))).toMatchObject({
      type: 'MODIFIED',
      object: { data: { colour: 'green' } },
    });
    stream.close();
  });

  it('hides secret values', async () => {
    const stream = await openSse<TWatchEvent>(
      `${base}/api/k8/clusters/${clusterId}/watch/secrets`,
      bearer(user.token),
    );
    const first = await stream.next((e) => e.type === 'ADDED');
    stream.close();
    const data = (first as { object: { data?: Record<string, string | null> } }).object.data ?? {};
    expect(Object.keys(data).length).toBeGreaterThan(0);
    expect(Object.values(data).every((value) => value === null)).toBe(true);
  });

  const configMapValue = (e: TWatchEvent) =>
    'object' in e ? (e.object as { data?: { n?: string } }).data?.n : undefined;

  it('resumes a watch the cluster ended, with no duplicate and no gap', async () => {
    fake.store.put(configMap('quiet', { n: '0' }));
    const stream = await openSse<TWatchEvent>(watchUrl('configmaps'), bearer(user.token));
    await stream.next(named('quiet'));
    const before = stream.all.length;
    fake.closeWatches();
    // Changed while no watch is open: the resumed watch must still deliver it, once.
    fake.store.put(configMap('quiet', { n: '1' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    fake.store.put(configMap('quiet', { n: '2' }));
    await stream.next((e) => named('quiet')(e) && configMapValue(e) === '2');
    const after = stream.all.slice(before).filter(named('quiet'));
    expect(after.map((e) => e.type)).toEqual(['MODIFIED', 'MODIFIED']);
    expect(after.map((e) => configMapValue(e))).toEqual(['1', '2']);
    stream.close();
  });

  it('lists again after 410 Gone and says so in one RELISTED event', async () => {
    const stream = await openSse<TWatchEvent>(watchUrl('configmaps'), bearer(user.token));
    await stream.next((e) => e.type === 'ADDED');
    fake.store.put(configMap('after-compaction', { k: 'v' }));
    await stream.next(named('after-compaction'));
    // The watch ends; before the adapter resumes, a change lands and etcd compacts past it, so
    // resuming from the last resourceVersion it saw is 410 Gone.
    fake.closeWatches();
    fake.store.put(configMap('lost-in-compaction', { k: 'v' }));
    fake.store.compact();
    const relisted = await stream.next((e) => e.type === 'RELISTED');
    expect(
      relisted.type === 'RELISTED' &&
        relisted.items.map((i) => (i.metadata as { name: string }).name),
    ).toContain('lost-in-compaction');
    expect(stream.all.filter((e) => e.type === 'RELISTED')).toHaveLength(1);
    // And it watches on from the fresh list.
    fake.store.put(configMap('after-relist', { k: 'v' }));
    expect(await stream.next(named('after-relist'))).toMatchObject({ type: 'ADDED' });
    stream.close();
  });
});

describe('logs', () => {
  const lines = ['starting', 'listening on :8080', 'GET /healthz 200', 'GET / 200'];
  let pod: string;
  let container: string;

  beforeAll(() => {
    ({ pod, container } = webPod());
    fake.setLogs('shop', pod, container, lines);
  });

  it('sends the last lines with their timestamps, then end', async () => {
    const stream = await openSse<TLogEvent>(
      logsUrl(pod, `container=${container}&tail=2&follow=false`),
      bearer(user.token),
    );
    await stream.ended;
    expect(stream.all.map((e) => (e.type === 'line' ? e.text : e.type))).toEqual([
      'GET /healthz 200',
      'GET / 200',
      'end',
    ]);
    const first = stream.all[0] as { time: string };
    expect(Number.isNaN(Date.parse(first.time))).toBe(false);
  });

  it('follows new lines as the container writes them', async () => {
    const stream = await openSse<TLogEvent>(
      logsUrl(pod, `container=${container}&tail=0`),
      bearer(user.token),
    );
    // The adapter's request to the kubelet may still be on its way: write once it follows.
    await vi.waitFor(() =>
      expect(
        fake.requests.some(
          (r) => r.path.endsWith(`/pods/${pod}/log`) && r.query.get('follow') === 'true',
        ),
      ).toBe(true),
    );
    fake.appendLog('shop', pod, container, 'a line written later');
    expect(await stream.next((e) => e.type === 'line')).toMatchObject({
      text: 'a line written later',
    });
    stream.close();
  });

  it('reports the cluster refusing as the §8 text with its message', async () => {
    const stream = await openSse<TLogEvent>(
      logsUrl('no-such-pod', 'follow=false'),
      bearer(user.token),
    );
    const error = await stream.next();
    expect(error).toMatchObject({ type: 'error', status: 404 });
    expect((error as { message: string }).message).toMatch(
      /^Get failed \(404\): pods "no-such-pod" not found/,
    );
  });
});

describe('exec', () => {
  let pod: string;
  beforeAll(() => {
    ({ pod } = webPod());
  });

  it('runs a command: stdin in, stdout out, exit code 0', async () => {
    const session = await openSocket(execUrl(`pod=${pod}&cmd=cat`), bearer(user.token));
    session.socket.send(JSON.stringify({ type: 'stdin', data: 'hello exec\n' }));
    await session.until((frames) =>
      frames.some((f) => f.type === 'stdout' && String(f.data).includes('hello exec')),
    );
    session.socket.close();
    await session.closed;
  });

  it('ends with the command exit code', async () => {
    const session = await openSocket(
      execUrl(
        `pod=${pod}&cmd=sh&cmd=-c&cmd=${encodeURIComponent('exit 3')}&ticket=${await ticket()}`,
      ),
    );
    await session.until((frames) => frames.some((f) => f.type === 'exit'));
    expect(session.frames.at(-1)).toMatchObject({ type: 'exit', code: 3 });
    expect((await session.closed).code).toBe(1000);
  });

  it('refuses a foreign Origin and a missing login before the upgrade', async () => {
    await expect(
      openSocket(execUrl(`pod=${pod}`), { ...bearer(user.token), origin: 'https://evil.example' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      openSocket(execUrl(`pod=${pod}`), { origin: 'https://stratum.example.com' }),
    ).rejects.toMatchObject({
      status: 401,
    });
    const allowed = await openSocket(execUrl(`pod=${pod}&cmd=cat`), {
      ...bearer(user.token),
      origin: 'https://stratum.example.com',
    });
    allowed.socket.close();
  });
});

describe('stream cap', () => {
  it(`refuses stream ${K8S_LIMITS.streamsPerUser + 1} with a 429 and frees a slot when one closes`, async () => {
    const capped = await signUp(server);
    const cappedCluster = await pasteCluster(capped.token);
    const url = `${base}/api/k8/clusters/${cappedCluster}/watch/configmaps?namespace=shop`;
    const open: SseReader<TWatchEvent>[] = [];
    for (let i = 0; i < K8S_LIMITS.streamsPerUser; i += 1) {
      const stream = await openSse<TWatchEvent>(url, bearer(capped.token));
      expect(stream.status).toBe(200);
      open.push(stream);
    }
    const refused = await openSse(url, bearer(capped.token));
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('Too many open streams');
    const socket = openSocket(
      execUrl(`pod=x`).replace(clusterId, cappedCluster),
      bearer(capped.token),
    );
    await expect(socket).rejects.toMatchObject({ status: 429 });

    open.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await openSse(url, bearer(capped.token));
    expect(again.status).toBe(200);
    for (const stream of [...open, again]) stream.close();
  });
});
