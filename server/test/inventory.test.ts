import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, signUp, startTestServer, type TestServer } from './harness';
import { STATE_V3, stateV4 } from './inventory-files';

type User = Awaited<ReturnType<typeof signUp>>;

describe('Inventory: sources and assets', () => {
  let server: TestServer;
  let user: User;
  let other: User;

  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
    token = user.token,
    headers: Record<string, string> = {},
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload !== undefined && { payload: payload as string }),
    });

  const importState = async (name: string, content = stateV4(), token = user.token) => {
    const res = await call(
      'POST',
      '/api/inventory/sources',
      { kind: 'tfstate', name, content },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: { id: string; version: number; counts: Record<string, number> } }>(res)
      .data;
  };

  beforeAll(async () => {
    server = await startTestServer();
    user = await signUp(server);
    other = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('imports a state with its counts; data sources are not assets', async () => {
    const res = await call('POST', '/api/inventory/sources', {
      kind: 'tfstate',
      name: 'prod',
      content: stateV4(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ success: boolean; data: { id: string; counts: Record<string, number> } }>(
      res,
    );
    expect(body.success).toBe(true);
    expect(body.data.counts).toEqual({
      blocks: 5,
      instances: 5,
      managed: 4,
      data: 1,
      modules: 1,
      outputs: 1,
    });
    const assets = json<{
      data: { items: { address: string; cloud: string | null }[]; total: number };
    }>(await call('GET', `/api/inventory/assets?source=${body.data.id}`)).data;
    expect(assets.total).toBe(4);
    expect(assets.items.map((a) => a.address)).toEqual([
      'aws_db_instance.db',
      'aws_vpc.main',
      'module.store["eu.west"].aws_s3_bucket.this[0]',
      'random_id.suffix',
    ]);
    expect(assets.items.find((a) => a.address === 'random_id.suffix')?.cloud).toBeNull();
  });

  it('refuses a format 3 state with a message naming the version, and stores nothing', async () => {
    const before = json<{ data: { items: unknown[] } }>(await call('GET', '/api/inventory/sources'))
      .data.items.length;
    const res = await call('POST', '/api/inventory/sources', {
      kind: 'tfstate',
      name: 'old',
      content: STATE_V3,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, code: 'inventory/legacy_state' });
    expect(json<{ message: string }>(res).message).toMatch(/version 3/);
    const after = json<{ data: { items: unknown[] } }>(await call('GET', '/api/inventory/sources'))
      .data.items.length;
    expect(after).toBe(before);
  });

  it('refuses a file that is not JSON with what is wrong', async () => {
    const res = await call('POST', '/api/inventory/sources', {
      kind: 'tfstate',
      name: 'bad',
      content: 'not json {',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'inventory/invalid_source' });
  });

  it('takes the raw file streamed, and refuses one past 50 MB with request/too_large', async () => {
    const ok = await call(
      'POST',
      '/api/inventory/sources/upload?kind=tfstate&name=streamed',
      stateV4(),
      user.token,
      {
        'content-type': 'application/octet-stream',
      },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<{ data: { counts: { managed: number } } }>(ok).data.counts.managed).toBe(4);

    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x20);
    const tooBig = await call(
      'POST',
      '/api/inventory/sources/upload?kind=tfstate&name=big',
      big,
      user.token,
      {
        'content-type': 'application/octet-stream',
      },
    );
    expect(tooBig.statusCode).toBe(400);
    expect(json(tooBig)).toMatchObject({ code: 'request/too_large' });
    expect(json<{ message: string }>(tooBig).message).toMatch(/50 MB/);
  });

  it('holds the JSON import to 50 MB too, saying so', async () => {
    const content = ' '.repeat(50 * 1024 * 1024 + 1);
    const res = await call('POST', '/api/inventory/sources', {
      kind: 'tfstate',
      name: 'big',
      content,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'request/too_large' });
    expect(json<{ message: string }>(res).message).toMatch(/50 MB/);
  });

  it('re-imports as a new version and compares versions', async () => {
    const first = await importState('versions');
    const res = await call(
      'POST',
      `/api/inventory/sources/${first.id}/versions`,
      JSON.stringify({
        content: stateV4({ serial: 8, extraBucket: true, vpcCidr: '10.1.0.0/16' }),
      }),
      user.token,
      { 'content-type': 'application/json' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { version: number } }>(res).data.version).toBe(2);
    const source = json<{
      data: {
        versionCount: number;
        current: { serial: number; sha256: string };
        versions: { version: number }[];
      };
    }>(await call('GET', `/api/inventory/sources/${first.id}`)).data;
    expect(source.versionCount).toBe(2);
    expect(source.current.serial).toBe(8);
    expect(source.current.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(source.versions.map((v) => v.version)).toEqual([2, 1]);
    const diff = json<{
      data: {
        added: string[];
        removed: string[];
        changed: { address: string; attributes: string[] }[];
      };
    }>(await call('GET', `/api/inventory/sources/${first.id}/compare?from=1&to=2`)).data;
    expect(diff.added).toEqual(['aws_s3_bucket.logs']);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual([{ address: 'aws_vpc.main', attributes: ['cidr_block'] }]);
    // The raw file streamed as a new version too (a state is JSON, not an envelope).
    const raw = await call(
      'POST',
      `/api/inventory/sources/${first.id}/versions`,
      stateV4({ serial: 9 }),
      user.token,
      {
        'content-type': 'application/json',
      },
    );
    expect(json<{ data: { version: number } }>(raw).data.version).toBe(3);
  });

  it('filters, searches and pages assets; facets count them', async () => {
    const source = await importState('filters', stateV4({ extraBucket: true }));
    const list = async (query: string) =>
      json<{ data: { items: { address: string }[]; total: number } }>(
        await call('GET', `/api/inventory/assets?source=${source.id}&${query}`),
      ).data;
    expect((await list('type=aws_s3_bucket')).total).toBe(2);
    expect((await list('cloud=aws')).total).toBe(4);
    expect((await list('provider=random')).items.map((a) => a.address)).toEqual([
      'random_id.suffix',
    ]);
    expect((await list('tag=env%3Dstaging')).items.map((a) => a.address)).toEqual([
      'aws_db_instance.db',
    ]);
    // A tag key with a trailing space is that key.
    expect((await list('tag=team%20')).total).toBe(1);
    expect((await list('tag=team')).total).toBe(0);
    expect((await list('q=MAIN-VPC')).items.map((a) => a.address)).toEqual(['aws_vpc.main']);
    expect((await list('q=100%25')).total).toBe(0);
    const page = await list('limit=2&page=2&sort=address&order=desc');
    expect(page.total).toBe(5);
    expect(page.items.map((a) => a.address)).toEqual(['aws_vpc.main', 'aws_s3_bucket.logs']);
    const facets = json<{ data: Record<string, { value: string; count: number }[]> }>(
      await call('GET', `/api/inventory/facets?source=${source.id}`),
    ).data;
    expect(facets.type).toContainEqual({ value: 'aws_s3_bucket', count: 2 });
    expect(facets.cloud).toEqual([{ value: 'aws', count: 4 }]);
    expect(facets.tag).toContainEqual({ value: 'env=prod', count: 3 });
    expect(facets.source).toEqual([{ value: source.id, count: 5 }]);
  });

  it('exports CSV with quoting and formula cells neutralised', async () => {
    const source = await importState('export', stateV4({ extraBucket: true }));
    const res = await call(
      'GET',
      `/api/inventory/assets/export?source=${source.id}&columns=address,name,tags`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('address,name,tags');
    expect(lines).toContain(
      `"module.store[""eu.west""].aws_s3_bucket.this[0]",shop-assets-eu,env=prod; team =web`,
    );
    expect(lines.find((l) => l.startsWith('aws_s3_bucket.logs'))).toBe(
      `aws_s3_bucket.logs,'=cmd|calc,env=prod`,
    );
    const bad = await call('GET', `/api/inventory/assets/export?columns=address,password`);
    expect(bad.statusCode).toBe(400);
  });

  it('shows an asset with sensitive values masked, its graph neighbours and history', async () => {
    const source = await importState('detail');
    const items = json<{ data: { items: { id: string; address: string }[] } }>(
      await call('GET', `/api/inventory/assets?source=${source.id}`),
    ).data.items;
    const db = items.find((a) => a.address === 'aws_db_instance.db')!;
    const detail = json<{
      data: {
        attributes: Record<string, unknown>;
        maskedPaths: unknown[];
        dependencies: string[];
        dependents: string[];
        history: { version: number; present: boolean }[];
      };
    }>(await call('GET', `/api/inventory/assets/${db.id}`)).data;
    expect(detail.attributes.password).toBe('(sensitive)');
    expect(JSON.stringify(detail)).not.toContain('hunter2-secret');
    expect(detail.maskedPaths).toEqual([['password']]);
    expect(detail.dependencies).toEqual(['aws_vpc.main']);
    expect(detail.history).toEqual([{ version: 1, importedAt: expect.any(String), present: true }]);
    const vpc = items.find((a) => a.address === 'aws_vpc.main')!;
    const vpcDetail = json<{ data: { dependents: string[] } }>(
      await call('GET', `/api/inventory/assets/${vpc.id}`),
    ).data;
    expect(vpcDetail.dependents).toEqual([
      'aws_db_instance.db',
      'module.store["eu.west"].aws_s3_bucket.this[0]',
    ]);
  });

  it('builds the CMDB graph with an external node for a missing target', async () => {
    const source = await importState('graph');
    const res = await call('GET', `/api/cmdb/graph?source=${source.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const graph = json<{
      data: {
        nodes: { id: string; address: string; external: boolean; assetId: string | null }[];
        edges: { from: string; to: string; kind: string }[];
        warnings: { code: string; count: number; examples: string[] }[];
      };
    }>(res).data;
    const external = graph.nodes.filter((n) => n.external).map((n) => n.address);
    expect(external).toEqual(['aws_kms_key.gone']);
    expect(graph.warnings.some((w) => w.examples.some((e) => e.includes('aws_kms_key.gone')))).toBe(
      true,
    );
    const bucket = graph.nodes.find((n) => n.address.endsWith('aws_s3_bucket.this[0]'))!;
    expect(bucket.assetId).not.toBeNull();
    const targets = graph.edges
      .filter((e) => e.from === bucket.id)
      .map((e) => e.to)
      .sort();
    expect(targets).toEqual([`${source.id}:aws_kms_key.gone`, `${source.id}:aws_vpc.main`].sort());
  });

  it('answers the graph with direct edges only when asked: the same reachability, fewer edges', async () => {
    // The app depends on the subnet and (transitively, as Terraform 0.13+ records it) the VPC.
    const block = (type: string, id: string, dependencies: string[] = []) => ({
      mode: 'managed',
      type,
      name: 'x',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [{ schema_version: 0, attributes: { id }, dependencies }],
    });
    const content = JSON.stringify({
      version: 4,
      terraform_version: '1.9.0',
      serial: 1,
      lineage: 'l',
      outputs: {},
      resources: [
        block('aws_vpc', 'vpc-1'),
        block('aws_subnet', 'subnet-1', ['aws_vpc.x']),
        block('aws_instance', 'i-1', ['aws_subnet.x', 'aws_vpc.x']),
      ],
    });
    const source = await importState('chain', content);
    const edgesOf = async (query: string) =>
      json<{ data: { edges: { from: string; to: string }[] } }>(
        await call('GET', `/api/cmdb/graph?source=${source.id}${query}`),
      )
        .data.edges.map((e) => `${e.from.split(':')[1]} → ${e.to.split(':')[1]}`)
        .sort();
    expect(await edgesOf('')).toEqual([
      'aws_instance.x → aws_subnet.x',
      'aws_instance.x → aws_vpc.x',
      'aws_subnet.x → aws_vpc.x',
    ]);
    expect(await edgesOf('&edges=direct')).toEqual([
      'aws_instance.x → aws_subnet.x',
      'aws_subnet.x → aws_vpc.x',
    ]);
  });

  it('imports a state whose attributes hold characters PostgreSQL cannot store', async () => {
    const content = stateV4().replace('"main-vpc"', '"main\\u0000vpc\\ud800"');
    const source = await importState('nul', content);
    const found = json<{ data: { items: { name: string }[] } }>(
      await call('GET', `/api/inventory/assets?source=${source.id}&type=aws_vpc`),
    ).data.items;
    expect(found.map((a) => a.name)).toEqual(['main\uFFFDvpc\uFFFD']);
  });

  it('keeps sources to their owner and deletes them with their assets', async () => {
    const source = await importState('mine');
    expect(
      (await call('GET', `/api/inventory/sources/${source.id}`, undefined, other.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/cmdb/graph?source=${source.id}`, undefined, other.token)).statusCode,
    ).toBe(404);
    const theirs = json<{ data: { total: number } }>(
      await call('GET', `/api/inventory/assets?source=${source.id}`, undefined, other.token),
    ).data;
    expect(theirs.total).toBe(0);
    expect(
      (await call('DELETE', `/api/inventory/sources/${source.id}`, undefined, other.token))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/inventory/sources/${source.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/inventory/sources/${source.id}`)).statusCode).toBe(404);
    const gone = json<{ data: { total: number } }>(
      await call('GET', `/api/inventory/assets?source=${source.id}`),
    ).data;
    expect(gone.total).toBe(0);
  });
});
