import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseAllowRules } from '../src/lib/egress';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';

const CA = Buffer.from(
  '-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n',
).toString('base64');
const TOKEN = 'sekret-token-0123456789';

function kubeconfig(
  options: {
    contexts?: string[];
    server?: string;
    user?: Record<string, unknown>;
    cluster?: Record<string, unknown>;
  } = {},
) {
  const names = options.contexts ?? ['dev'];
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: names.map((n) => ({
      name: `${n}-cluster`,
      cluster: {
        server: options.server ?? 'https://127.0.0.1:6443',
        'certificate-authority-data': CA,
        ...options.cluster,
      },
    })),
    users: names.map((n) => ({ name: `${n}-user`, user: { token: TOKEN, ...options.user } })),
    contexts: names.map((n) => ({
      name: n,
      context: { cluster: `${n}-cluster`, user: `${n}-user`, namespace: 'shop' },
    })),
  });
}

describe('Kubernetes clusters: paste, list, delete', () => {
  let server: TestServer;
  let user: Awaited<ReturnType<typeof signUp>>;

  const paste = (body: string, token = user.token, contentType = 'text/plain') =>
    server.app.inject({
      method: 'POST',
      url: '/api/k8/clusters/paste-kubeconfig',
      headers: { ...bearer(token), 'content-type': contentType },
      payload: body,
    });
  const list = (token = user.token) =>
    server.app.inject({ method: 'GET', url: '/api/k8/clusters', headers: bearer(token) });
  const stored = async (userId: string) => {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM k8s_clusters WHERE user_id = ${userId}`.execute(server.db);
    return Number(rows[0]?.n);
  };

  beforeAll(async () => {
    // Like EGRESS_ALLOW=127.0.0.1: the test clusters live on loopback.
    server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.1').rules });
    user = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores one cluster per context, sealed, and lists them without a credential', async () => {
    const response = await paste(kubeconfig({ contexts: ['dev', 'prod'] }));
    expect(response.statusCode).toBe(200);
    const body = json<{
      data: { id: string; name: string; context: string; server: string }[];
      warnings: string[];
    }>(response);
    expect(body.data.map((c) => c.context).sort()).toEqual(['dev', 'prod']);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      context: expect.any(String),
      server: 'https://127.0.0.1:6443',
    });
    expect(body.warnings).toEqual([]);

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    const page = json<{ data: Record<string, unknown>[]; items: unknown[] }>(listed);
    expect(page.items).toEqual(page.data);
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({
      namespace: 'shop',
      isInsecure: false,
      server: 'https://127.0.0.1:6443',
    });
    expect(listed.body).not.toContain(TOKEN);
    expect(listed.body).not.toContain(CA);

    const { rows } = await sql<{
      sealed_credentials: string;
    }>`SELECT sealed_credentials FROM k8s_clusters WHERE user_id = ${user.userId}`.execute(
      server.db,
    );
    for (const row of rows) expect(row.sealed_credentials).not.toContain(TOKEN);
  });

  it('accepts the kubeconfig as JSON and as application/yaml, and a re-paste replaces the context', async () => {
    const other = await signUp(server);
    const first = json<{ data: { id: string }[] }>(
      await paste(kubeconfig(), other.token, 'application/yaml'),
    );
    const asJson = JSON.stringify({
      clusters: [
        {
          name: 'c',
          cluster: { server: 'https://127.0.0.1:6443', 'certificate-authority-data': CA },
        },
      ],
      users: [{ name: 'u', user: { token: 'rotated-token' } }],
      contexts: [{ name: 'dev', context: { cluster: 'c', user: 'u' } }],
    });
    const second = await paste(asJson, other.token, 'application/json');
    expect(second.statusCode).toBe(200);
    expect(json<{ data: { id: string }[] }>(second).data[0]?.id).toBe(first.data[0]?.id);
    expect(await stored(other.userId)).toBe(1);
    const [cluster] = json<{ data: { namespace: string }[] }>(await list(other.token)).data;
    expect(cluster?.namespace).toBe('default');
  });

  it('warns about a plain-http cluster that skips TLS verification', async () => {
    const other = await signUp(server);
    const response = await paste(
      kubeconfig({
        server: 'http://127.0.0.1:8080',
        cluster: { 'insecure-skip-tls-verify': true, 'certificate-authority-data': undefined },
      }),
      other.token,
    );
    expect(response.statusCode).toBe(200);
    expect(json<{ warnings: string[] }>(response).warnings[0]).toContain('is not verified');
    const [cluster] = json<{ data: { isInsecure: boolean }[] }>(await list(other.token)).data;
    expect(cluster?.isInsecure).toBe(true);
  });

  it.each([
    [
      { user: { exec: { command: 'curl', args: ['evil.sh'] } } },
      'users[0].user.exec is not allowed: Stratum does not run programs from a kubeconfig',
    ],
    [{ user: { 'auth-provider': { name: 'gcp' } } }, 'users[0].user.auth-provider is not allowed'],
    [{ user: { 'token-file': '/etc/shadow' } }, 'users[0].user.token-file is not allowed'],
    [{ user: { tokenFile: '/etc/shadow' } }, 'users[0].user.tokenFile is not allowed'],
    [
      { user: { 'client-certificate': '/root/.kube/c.crt' } },
      'users[0].user.client-certificate is not allowed',
    ],
    [{ user: { 'client-key': '/root/.kube/c.key' } }, 'users[0].user.client-key is not allowed'],
    [
      { cluster: { 'certificate-authority': '/etc/ssl/ca.pem' } },
      'clusters[0].cluster.certificate-authority is not allowed',
    ],
    [
      { cluster: { 'proxy-url': 'http://127.0.0.1:3128' } },
      'clusters[0].cluster.proxy-url is not allowed',
    ],
    [{ server: 'http://127.0.0.1:8080' }, 'clusters[0].cluster.server is not allowed'],
    [{ user: { username: 'admin', password: 'admin' } }, 'users[0].user.username is not allowed'],
  ])('refuses %j with a 400 naming the field, storing nothing', async (options, message) => {
    const other = await signUp(server);
    const response = await paste(kubeconfig({ contexts: ['a', 'b'], ...options }), other.token);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, code: 'k8s/kubeconfig_refused' });
    expect(json<{ message: string }>(response).message).toContain(message);
    expect(await stored(other.userId)).toBe(0);
  });

  it.each([
    ['', 'The kubeconfig is empty'],
    ['clusters: [oops\n', 'not valid YAML'],
    [stringify({ clusters: [], users: [], contexts: [] }), 'The kubeconfig has no contexts'],
    [`# ${'x'.repeat(300 * 1024)}\n`, 'larger than 256 KB'],
  ])('refuses an unusable kubeconfig %# with a clear 400', async (body, message) => {
    const response = await paste(body);
    expect(response.statusCode).toBe(400);
    expect(json<{ message: string }>(response).message).toContain(message);
  });

  it('refuses a 5 MB body with a 400, not a 5xx', async () => {
    const response = await paste(`# ${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect(response.statusCode).toBe(400);
  });

  it('refuses a loopback server under the default egress policy, storing nothing', async () => {
    const strict = await startTestServer();
    try {
      const other = await signUp(strict);
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/k8/clusters/paste-kubeconfig',
        headers: { ...bearer(other.token), 'content-type': 'text/plain' },
        payload: kubeconfig(),
      });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ code: 'k8s/kubeconfig_refused' });
      expect(json<{ message: string }>(response).message).toContain(
        '127.0.0.1 are not allowed: it is a loopback address',
      );
      const { rows } = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM k8s_clusters WHERE user_id = ${other.userId}`.execute(strict.db);
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it('keeps at most 20 clusters per user and refuses the paste that goes past it whole', async () => {
    const other = await signUp(server);
    const names = Array.from({ length: 19 }, (_, i) => `ctx-${i}`);
    expect((await paste(kubeconfig({ contexts: names }), other.token)).statusCode).toBe(200);
    const over = await paste(kubeconfig({ contexts: ['x-1', 'x-2'] }), other.token);
    expect(over.statusCode).toBe(409);
    expect(json(over)).toMatchObject({ code: 'k8s/too_many_clusters' });
    expect(json<{ message: string }>(over).message).toContain('at most 20 clusters');
    expect(await stored(other.userId)).toBe(19);
    expect((await paste(kubeconfig({ contexts: ['x-1'] }), other.token)).statusCode).toBe(200);
    expect(await stored(other.userId)).toBe(20);
  });

  it("shows and deletes only the caller's clusters; staff get nothing more", async () => {
    const owner = await signUp(server);
    const [cluster] = json<{ data: { id: string }[] }>(await paste(kubeconfig(), owner.token)).data;
    const stranger = await signUp(server);
    await sql`UPDATE users SET role = 'admin' WHERE id = ${stranger.userId}`.execute(server.db);
    expect(json<{ data: unknown[] }>(await list(stranger.token)).data).toEqual([]);
    const url = `/api/k8/clusters/${cluster!.id}`;
    const theirs = await server.app.inject({
      method: 'DELETE',
      url,
      headers: bearer(stranger.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs)).toMatchObject({
      code: 'k8s/cluster_not_found',
      message: 'Cluster not found',
    });
    const read = await server.app.inject({
      method: 'GET',
      url: `${url}/resources/pods`,
      headers: bearer(stranger.token),
    });
    expect(read.statusCode).toBe(404);
    expect(await stored(owner.userId)).toBe(1);

    const mine = await server.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(mine.statusCode).toBe(200);
    expect(await stored(owner.userId)).toBe(0);
    expect(
      (await server.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode,
    ).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/k8/clusters' })).statusCode).toBe(
      401,
    );
  });
});
