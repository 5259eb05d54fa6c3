import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import { driftctlReport, whatIfRest } from './drift-files';
import { newUser, type User } from './planner-helpers';

/** A plan that creates everything: the graph comes from its configuration references. */
const CREATE_PLAN = JSON.stringify({
  format_version: '1.2',
  terraform_version: '1.9.5',
  planned_values: {
    root_module: {
      resources: [
        {
          address: 'aws_vpc.main',
          mode: 'managed',
          type: 'aws_vpc',
          name: 'main',
          provider_name: 'registry.terraform.io/hashicorp/aws',
          values: { cidr_block: '10.0.0.0/16', tags: { Name: 'main' } },
          sensitive_values: {},
        },
        {
          address: 'aws_subnet.a',
          mode: 'managed',
          type: 'aws_subnet',
          name: 'a',
          provider_name: 'registry.terraform.io/hashicorp/aws',
          values: { cidr_block: '10.0.1.0/24' },
          sensitive_values: {},
        },
      ],
    },
  },
  resource_changes: [
    {
      address: 'aws_vpc.main',
      mode: 'managed',
      type: 'aws_vpc',
      name: 'main',
      provider_name: 'registry.terraform.io/hashicorp/aws',
      change: {
        actions: ['create'],
        before: null,
        after: { cidr_block: '10.0.0.0/16', tags: { Name: 'main' } },
        after_unknown: { id: true },
        before_sensitive: false,
        after_sensitive: {},
      },
    },
    {
      address: 'aws_subnet.a',
      mode: 'managed',
      type: 'aws_subnet',
      name: 'a',
      provider_name: 'registry.terraform.io/hashicorp/aws',
      change: {
        actions: ['create'],
        before: null,
        after: { cidr_block: '10.0.1.0/24' },
        after_unknown: { id: true, vpc_id: true },
        before_sensitive: false,
        after_sensitive: {},
      },
    },
  ],
  configuration: {
    provider_config: {
      aws: {
        name: 'aws',
        full_name: 'registry.terraform.io/hashicorp/aws',
        expressions: { region: { constant_value: 'eu-west-1' } },
      },
    },
    root_module: {
      resources: [
        {
          address: 'aws_vpc.main',
          mode: 'managed',
          type: 'aws_vpc',
          name: 'main',
          provider_config_key: 'aws',
          expressions: { cidr_block: { constant_value: '10.0.0.0/16' } },
          schema_version: 1,
        },
        {
          address: 'aws_subnet.a',
          mode: 'managed',
          type: 'aws_subnet',
          name: 'a',
          provider_config_key: 'aws',
          expressions: {
            vpc_id: { references: ['aws_vpc.main.id', 'aws_vpc.main'] },
            cidr_block: { constant_value: '10.0.1.0/24' },
          },
          schema_version: 1,
        },
      ],
    },
  },
});

const CSV = [
  'address,type,cloud,region,name,id,tags',
  'aws_s3_bucket.logs,aws_s3_bucket,aws,eu-west-1,logs,shop-logs,"env=prod; owner=web"',
  ',google_storage_bucket,gcp,europe-west1,media,media-bucket,env=dev',
].join('\n');

describe('Inventory: every source kind over HTTP', () => {
  let server: TestServer;
  let user: User;

  const upload = async (kind: string, content: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/inventory/sources/upload?kind=${kind}&name=${kind}-file`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain' },
      payload: content,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: { id: string; counts: { managed: number } } }>(res).data;
  };
  const assets = async (sourceId: string) =>
    json<{
      data: {
        items: {
          address: string;
          type: string;
          cloud: string | null;
          region: string | null;
          tags: Record<string, string>;
        }[];
      };
    }>(await user.call('GET', `/api/inventory/assets?source=${sourceId}`)).data.items;

  beforeAll(async () => {
    server = await startTestServer();
    user = await newUser(server, 'pro');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a plan that creates everything still has assets and a graph', async () => {
    const source = await upload('plan', CREATE_PLAN);
    expect(source.counts.managed).toBe(2);
    expect((await assets(source.id)).map((a) => a.address)).toEqual([
      'aws_subnet.a',
      'aws_vpc.main',
    ]);
    const graph = json<{ data: { edges: { from: string; to: string; kind: string }[] } }>(
      await user.call('GET', `/api/cmdb/graph?source=${source.id}`),
    ).data;
    expect(graph.edges).toContainEqual({
      from: `${source.id}:aws_subnet.a`,
      to: `${source.id}:aws_vpc.main`,
      kind: 'reference',
    });
  });

  it('a CSV, one asset per row, tags and clouds kept', async () => {
    const source = await upload('csv', CSV);
    expect(source.counts.managed).toBe(2);
    const rows = await assets(source.id);
    expect(rows.find((a) => a.address === 'aws_s3_bucket.logs')).toMatchObject({
      cloud: 'aws',
      region: 'eu-west-1',
      tags: { env: 'prod', owner: 'web' },
    });
    expect(rows.some((a) => a.type === 'google_storage_bucket' && a.cloud === 'gcp')).toBe(true);
  });

  it('an Azure what-if and a driftctl report become sources too', async () => {
    const whatif = await upload('whatif', whatIfRest());
    expect(whatif.counts.managed).toBeGreaterThan(0);
    expect((await assets(whatif.id)).every((a) => a.cloud === 'azure')).toBe(true);
    const driftctl = await upload('driftctl', driftctlReport());
    expect(driftctl.counts.managed).toBeGreaterThan(0);
  });

  it('refuses a file of the wrong kind with what it expected', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/inventory/sources/upload?kind=whatif&name=wrong',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain' },
      payload: CSV,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'inventory/invalid_source' });
    const unknownKind = await server.app.inject({
      method: 'POST',
      url: '/api/inventory/sources/upload?kind=pdf&name=wrong',
      headers: { authorization: `Bearer ${user.token}` },
      payload: 'x',
    });
    expect(unknownKind.statusCode).toBe(400);
  });
});
