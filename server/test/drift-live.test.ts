import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchedulesService } from '../src/features/drift/schedules';
import { ConnectionsService } from '../src/features/drift/connections-service';
import { ScanService } from '../src/features/drift/scan-service';
import { withDriftTables } from '../src/features/drift/tables';
import { SourcesService } from '../src/features/inventory/sources-service';
import { MessageService } from '../src/features/messages/service';
import { EgressPolicy, parseAllowRules } from '../src/lib/egress';
import { deriveKeys } from '../src/lib/secrets';
import { createMemoryState } from '../src/lib/shared-state';
import { startAwsFake, type AwsFake } from './aws-fake';
import { desiredState } from './drift-files';
import { json, startTestServer, type TestServer } from './harness';
import { newUser, type User } from './planner-helpers';

const KEY = 'AKIAFAKE0000000000001';

describe('Drift: AWS connections, live reads and schedules', () => {
  let server: TestServer;
  let fake: AwsFake;
  let user: User;

  const connect = (accessKeyId = KEY, endpoint = fake.url) =>
    user.call('POST', '/api/drift/connections', {
      name: 'sandbox',
      kind: 'aws',
      region: 'eu-west-1',
      accessKeyId,
      secretAccessKey: 'fake-secret-key',
      endpoint,
    });

  beforeAll(async () => {
    server = await startTestServer({ egressAllow: parseAllowRules('127.0.0.1').rules });
    fake = await startAwsFake({
      accessKeyId: KEY,
      instances: [
        {
          id: 'i-0001',
          type: 't3.small',
          ami: 'ami-1111',
          az: 'eu-west-1a',
          tags: { Name: 'web' },
        },
        {
          id: 'i-0999',
          type: 't3.nano',
          ami: 'ami-2222',
          az: 'eu-west-1b',
          tags: { Name: 'stray' },
        },
        { id: 'i-0dead', type: 't3.nano', ami: 'ami-2222', az: 'eu-west-1b', state: 'terminated' },
      ],
      buckets: [{ name: 'shop-assets', region: 'eu-west-1', tags: { env: 'prod' } }],
      securityGroups: [
        {
          id: 'sg-1',
          name: 'web',
          description: 'web',
          vpcId: 'vpc-1',
          ingress: [{ protocol: 'tcp', from: 443, to: 443, cidrs: ['0.0.0.0/0'] }],
        },
      ],
      databases: [
        {
          identifier: 'shop-db',
          resourceId: 'db-XYZ',
          instanceClass: 'db.t3.micro',
          engine: 'postgres',
        },
      ],
    });
    user = await newUser(server, 'pro');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('refuses credentials the cloud refuses, and keeps nothing', async () => {
    const res = await connect('AKIAWRONG00000000000');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'drift/connection_failed' });
    expect(json<{ message: string }>(res).message).toMatch(/AuthFailure/);
    const list = json<{ data: { items: unknown[] } }>(
      await user.call('GET', '/api/drift/connections'),
    );
    expect(list.data.items).toEqual([]);
  });

  it('refuses an endpoint the egress policy does not allow', async () => {
    const res = await connect(KEY, 'http://169.254.169.254');
    expect(res.statusCode).toBe(400);
    expect(json<{ message: string }>(res).message).toMatch(/may not connect/);
  });

  it('adds a connection checked with one read, never answering the secret', async () => {
    const res = await connect();
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ data: { id: string; accessKeyHint: string } }>(res);
    expect(body.data.accessKeyHint).toMatch(/0001$/);
    expect(res.body).not.toContain('fake-secret-key');
    expect(res.body).not.toContain(KEY);
    expect(fake.calls).toContain('DescribeSecurityGroups');
  });

  it('scans a stored source against a live read: changed, missing, unmanaged, paged', async () => {
    const connection = json<{ data: { items: { id: string }[] } }>(
      await user.call('GET', '/api/drift/connections'),
    ).data.items[0]!;
    const source = json<{ data: { id: string } }>(
      await user.call('POST', '/api/inventory/sources', {
        kind: 'tfstate',
        name: 'live',
        content: desiredState(),
      }),
    ).data;
    fake.calls.length = 0;
    const res = await user.call('POST', '/api/drift/scans', {
      desired: { sourceId: source.id },
      actual: {
        kind: 'aws',
        connectionId: connection.id,
        resourceTypes: ['aws_instance', 'aws_s3_bucket'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const scan = json<{
      data: {
        summary: Record<string, number>;
        changes: {
          address: string;
          status: string;
          attributes: { path: unknown[]; before: unknown; after: unknown }[];
        }[];
        checkedTypes: string[];
      };
    }>(res).data;
    // Two pages of DescribeInstances (one reservation each, then the terminated one).
    expect(fake.calls.filter((c) => c === 'DescribeInstances')).toHaveLength(3);
    expect(scan.summary).toMatchObject({ changed: 1, missing: 1, unmanaged: 1, inSync: 1 });
    expect(scan.changes.find((c) => c.status === 'changed')).toMatchObject({
      address: 'aws_instance.web',
      attributes: [{ path: ['instance_type'], before: 't3.micro', after: 't3.small' }],
    });
    expect(scan.changes.find((c) => c.status === 'missing')?.address).toBe('aws_s3_bucket.logs');
    expect(scan.changes.find((c) => c.status === 'unmanaged')?.address).toMatch(/i_0999|i-0999/);
    expect(scan.changes.some((c) => c.address.includes('0dead'))).toBe(false);
    const unknownType = await user.call('POST', '/api/drift/scans', {
      desired: { sourceId: source.id },
      actual: { kind: 'aws', connectionId: connection.id, resourceTypes: ['aws_lambda_function'] },
    });
    expect(unknownType.statusCode).toBe(400);
    expect(json<{ message: string }>(unknownType).message).toMatch(/aws_instance/);
  });

  it('runs a due schedule once across two processes and messages the owner', async () => {
    const connection = json<{ data: { items: { id: string }[] } }>(
      await user.call('GET', '/api/drift/connections'),
    ).data.items[0]!;
    const source = json<{ data: { id: string } }>(
      await user.call('POST', '/api/inventory/sources', {
        kind: 'tfstate',
        name: 'scheduled',
        content: desiredState(),
      }),
    ).data;
    const created = await user.call('POST', '/api/drift/schedules', {
      sourceId: source.id,
      actual: { kind: 'aws', connectionId: connection.id },
      intervalMinutes: 60,
      notify: 'always',
    });
    expect(created.statusCode, created.body).toBe(200);
    const schedule = json<{ data: { id: string; nextRunAt: string } }>(created).data;
    expect(new Date(schedule.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    // Two server processes' schedulers over the same database, both ticking at once.
    const processOf = () => {
      const egress = new EgressPolicy(parseAllowRules('127.0.0.1').rules);
      const keys = deriveKeys('test-secret-key-that-is-long-enough-0123456789');
      const sources = new SourcesService(server.db);
      const connections = new ConnectionsService({
        db: server.db,
        egress,
        encryptionKey: keys.encryption,
      });
      const plans = {
        state: async (id: string) => ({
          currentPlan: (
            await server.db
              .selectFrom('users')
              .select('subscription_type')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).subscription_type,
        }),
      };
      // This schedule reads AWS: the cluster lists are never asked.
      const noCluster = () => Promise.reject(new Error('no cluster in this test'));
      const clusters = {
        listPage: noCluster,
        appliedManifests: noCluster,
        secretDigest: () => '',
      };
      const scans = new ScanService({ db: server.db, sources, plans, connections, clusters });
      return new SchedulesService({
        db: withDriftTables(server.db),
        appDb: server.db,
        sources,
        connections,
        clusters,
        scans,
        inbox: new MessageService(server.db, createMemoryState()),
        log: pino({ level: 'silent' }),
      });
    };
    const later = new Date(Date.now() + 61 * 60_000);
    const [a, b] = [processOf(), processOf()];
    const ran = await Promise.all([a.runDue(later), b.runDue(later)]);
    // Other files' schedules in the same database may be due too; this one ran once (below).
    expect(ran[0] + ran[1]).toBeGreaterThanOrEqual(1);

    const history = json<{ data: { items: { trigger: string }[] } }>(
      await user.call('GET', `/api/drift/scans?source=${source.id}`),
    ).data.items;
    expect(history.map((s) => s.trigger)).toEqual(['schedule']);
    const listed = json<{
      data: {
        items: { lastRunAt: string | null; lastScanId: string | null; lastError: string | null }[];
      };
    }>(await user.call('GET', '/api/drift/schedules')).data.items[0]!;
    expect(listed.lastScanId).not.toBeNull();
    expect(listed.lastError).toBeNull();
    const inbox = await server.db
      .selectFrom('messages')
      .select(['subject', 'body'])
      .where('recipient_id', '=', user.userId)
      .execute();
    expect(inbox.map((m) => m.subject)).toEqual(['Drift scan of scheduled: 5 drifted']);
    // Every type the reader knows: the stray instance, security group and database are unmanaged.
    expect(inbox[0]!.body).toMatch(/Changed: 1. Missing: 1. Unmanaged: 3/);
    // Not due again until an interval later.
    await a.runDue(later);
    const again = json<{ data: { items: unknown[] } }>(
      await user.call('GET', `/api/drift/scans?source=${source.id}`),
    ).data.items;
    expect(again).toHaveLength(1);

    expect((await user.call('DELETE', `/api/drift/schedules/${schedule.id}`)).statusCode).toBe(200);
    expect(
      json<{ data: { items: unknown[] } }>(await user.call('GET', '/api/drift/schedules')).data
        .items,
    ).toEqual([]);
  });
});
