import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshService } from '../src/features/inventory/refresh-service';
import { SourcesService } from '../src/features/inventory/sources-service';
import { EgressPolicy, parseAllowRules } from '../src/lib/egress';
import { deriveKeys } from '../src/lib/secrets';
import { json, startTestServer, type TestServer } from './harness';
import { stateV4 } from './inventory-files';
import { newUser, type User } from './planner-helpers';

describe('Inventory: refreshing a source from a URL', () => {
  let server: TestServer;
  let backend: Server;
  let base: string;
  let user: User;
  let served = stateV4({ serial: 20 });
  const status = 200;

  beforeAll(async () => {
    server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.1').rules });
    backend = createServer((req, res) => {
      if (req.headers.authorization !== 'Bearer state-token') {
        res.writeHead(401).end('no token');
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' }).end(served);
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
    user = await newUser(server, 'pro');
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => backend?.close(resolve));
  });

  const newSource = async () =>
    json<{ data: { id: string } }>(
      await user.call('POST', '/api/inventory/sources', {
        kind: 'tfstate',
        name: 'remote',
        content: stateV4(),
      }),
    ).data.id;

  it('stores the backend with its credentials sealed, and fetches a new version on demand', async () => {
    const id = await newSource();
    const set = await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
      kind: 'url',
      url: `${base}/terraform.tfstate`,
      intervalMinutes: 60,
      credentials: { kind: 'header', authorization: 'Bearer state-token' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.body).not.toContain('state-token');
    expect(json<{ data: { refresh: Record<string, unknown> } }>(set).data.refresh).toMatchObject({
      kind: 'url',
      location: `${base}/terraform.tfstate`,
      hasCredentials: true,
      lastRunAt: null,
    });
    const sealed = await server.db
      .selectFrom('inventory_refresh' as never)
      .select('sealed_credentials' as never)
      .where('source_id' as never, '=', id as never)
      .executeTakeFirst();
    expect(JSON.stringify(sealed)).not.toContain('state-token');

    const run = await user.call('POST', `/api/inventory/sources/${id}/refresh/run`);
    expect(run.statusCode, run.body).toBe(200);
    expect(json<{ data: { version: number } }>(run).data.version).toBe(2);
    const again = await user.call('POST', `/api/inventory/sources/${id}/refresh/run`);
    expect(json<{ data: { version: number } }>(again).data.version).toBe(2);
    const source = json<{
      data: {
        current: { serial: number; origin: string };
        refresh: { lastResult: string; lastOk: boolean };
      };
    }>(await user.call('GET', `/api/inventory/sources/${id}`)).data;
    expect(source.current).toMatchObject({ serial: 20, origin: 'refresh' });
    expect(source.refresh).toMatchObject({ lastOk: true, lastResult: 'Unchanged (version 2)' });
  });

  it('says why a refresh failed, and records it on the source', async () => {
    const id = await newSource();
    await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
      kind: 'url',
      url: `${base}/terraform.tfstate`,
      intervalMinutes: 15,
    });
    const run = await user.call('POST', `/api/inventory/sources/${id}/refresh/run`);
    expect(run.statusCode).toBe(502);
    expect(json(run)).toMatchObject({ code: 'inventory/refresh_failed' });
    expect(json<{ message: string }>(run).message).toMatch(/HTTP 401/);
    const source = json<{ data: { versionCount: number; refresh: { lastOk: boolean } } }>(
      await user.call('GET', `/api/inventory/sources/${id}`),
    ).data;
    expect(source.versionCount).toBe(1);
    expect(source.refresh.lastOk).toBe(false);

    await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
      kind: 'url',
      url: 'http://169.254.169.254/latest/meta-data',
      intervalMinutes: 15,
    });
    const refused = await user.call('POST', `/api/inventory/sources/${id}/refresh/run`);
    expect(json<{ message: string }>(refused).message).toMatch(/may not fetch/);

    const wrongCredentials = await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
      kind: 's3',
      bucket: 'b',
      key: 'k',
      region: 'eu-west-1',
      intervalMinutes: 15,
      credentials: { kind: 'azure-sas', sasToken: 'sv=1&sig=2' },
    });
    expect(wrongCredentials.statusCode).toBe(400);
    const missing = await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
      kind: 'azureblob',
      bucket: 'account',
      intervalMinutes: 15,
    });
    expect(missing.statusCode).toBe(400);
    expect(json<{ message: string }>(missing).message).toMatch(/container/);

    expect((await user.call('DELETE', `/api/inventory/sources/${id}/refresh`)).statusCode).toBe(
      200,
    );
    const after = json<{ data: { refresh: unknown } }>(
      await user.call('GET', `/api/inventory/sources/${id}`),
    ).data;
    expect(after.refresh).toBeNull();
  });

  it('refreshes due sources on the schedule, once across two processes', async () => {
    const id = await newSource();
    await user.call('PUT', `/api/inventory/sources/${id}/refresh`, {
      kind: 'url',
      url: `${base}/terraform.tfstate`,
      intervalMinutes: 30,
      credentials: { kind: 'header', authorization: 'Bearer state-token' },
    });
    served = stateV4({ serial: 21, extraBucket: true });
    const processOf = () =>
      new RefreshService({
        sources: new SourcesService(server.db),
        egress: new EgressPolicy(parseAllowRules('127.0.0.1').rules),
        encryptionKey: deriveKeys('test-secret-key-that-is-long-enough-0123456789').encryption,
        log: pino({ level: 'silent' }),
      });
    const later = new Date(Date.now() + 31 * 60_000);
    const ran = await Promise.all([processOf().runDue(later), processOf().runDue(later)]);
    // Two processes, one refresh: the source got exactly one new version (below).
    expect(ran[0] + ran[1]).toBeGreaterThanOrEqual(1);
    const source = json<{ data: { versionCount: number; current: { serial: number } } }>(
      await user.call('GET', `/api/inventory/sources/${id}`),
    ).data;
    expect(source.versionCount).toBe(2);
    expect(source.current.serial).toBe(21);
  });
});
