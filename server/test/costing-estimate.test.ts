import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import { errorOf, example, newUser, type User } from './planner-helpers';

let server: TestServer;
let user: User;
beforeAll(async () => {
  server = await startTestServer();
  user = await newUser(server);
});
afterAll(async () => {
  await server.close();
});

interface Line {
  componentId: string;
  label: string;
  sku: string;
  region: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  monthly: number;
  asOf: string;
  source: string;
  usageBased: boolean;
  note: string | null;
}
interface Estimate {
  currency: string;
  cloud: string;
  region: string;
  environment: string | null;
  monthlyTotal: number;
  lines: Line[];
  unpriced: { componentId: string; reason: string }[];
  assumptions: { target: string; key: string; value: number; default: number }[];
  free: { componentId: string; reason: string }[];
  book: { version: string; oldest: string; newest: string };
  environments: { name: string; monthlyTotal: number }[];
}

const estimate = async (body: unknown) => {
  const res = await user.call('POST', '/api/costing/estimate', body);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Estimate }>(res).data;
};
const sum = (lines: { monthly: number }[]) =>
  Math.round(lines.reduce((s, l) => s + l.monthly, 0) * 100) / 100;

describe('POST /api/costing/estimate', () => {
  it('prices a design line by line from the price book, per environment', async () => {
    const data = await estimate({ design: example('aws-three-tier-web-app') });
    expect(data).toMatchObject({
      currency: 'USD',
      cloud: 'aws',
      region: 'eu-west-1',
      environment: null,
      book: { version: 'seed-2026-07-30' },
    });
    expect(data.monthlyTotal).toBe(sum(data.lines));
    const bastion = data.lines.filter((l) => l.componentId === 'bastion');
    // t4g.micro in eu-west-1: 0.0092 × 730 = 6.716 → 6.72
    expect(bastion[0]).toMatchObject({
      label: 'Instance (t4g.micro)',
      sku: 't4g.micro',
      region: 'eu-west-1',
      unit: 'hour',
      quantity: 730,
      unitPrice: 0.0092,
      monthly: 6.72,
      usageBased: false,
    });
    expect(bastion[0]?.source).toMatch(/^coroot: data\/cloud-pricing\.json\.gz /);
    // gp3 has a us-east-1 row only: the line says whose price it is
    expect(bastion[1]).toMatchObject({ sku: 'EBS gp3', region: 'us-east-1', monthly: 1.6 });
    expect(bastion[1]?.note).toBe('list price of us-east-1; the book has none for eu-west-1');
    expect(data.unpriced).toContainEqual(
      expect.objectContaining({
        componentId: 'cache',
        reason: 'ElastiCache node hours are not in the price book',
      }),
    );
    expect(data.free.map((f) => f.componentId)).toContain('vpc');
    expect(data.environments.map((e) => e.name)).toEqual(['dev', 'staging', 'prod']);
    // prod runs 4 m7i.large (0.11235 × 730 × 4 = 328.06) where dev runs 2 t3.small
    const prod = data.environments.find((e) => e.name === 'prod')!;
    expect(prod.monthlyTotal).toBeGreaterThan(data.monthlyTotal);

    const asked = await estimate({
      design: example('aws-three-tier-web-app'),
      environment: 'prod',
      usage: { assets: { storageGb: 2000 } },
    });
    expect(asked.environment).toBe('prod');
    const web = asked.lines.find((l) => l.componentId === 'web' && l.unit === 'hour');
    expect(web).toMatchObject({ sku: 'm7i.large', quantity: 2920, monthly: 328.06 });
    // S3: 0.023 × 2,000 GB = 46.00, the user's number instead of the default 100 GB
    expect(
      asked.lines.find((l) => l.componentId === 'assets' && l.unit === 'GB-month'),
    ).toMatchObject({
      quantity: 2000,
      monthly: 46,
      usageBased: true,
    });
    expect(asked.assumptions).toContainEqual(
      expect.objectContaining({ target: 'assets', key: 'storageGb', value: 2000, default: 100 }),
    );
  });

  it('reads an old design version, upgraded as the planner does', async () => {
    const v1 = {
      v: 1,
      name: 'legacy',
      provider: 'aws',
      region: 'us-east-1',
      services: [
        { id: 'net', service: 'aws.vpc', name: 'net' },
        { id: 'app', service: 'aws.subnet', name: 'app', in: 'net' },
        {
          id: 'vm',
          service: 'aws.ec2',
          name: 'vm',
          in: 'app',
          config: { instanceType: 't3.micro' },
        },
      ],
      links: [],
    };
    const data = await estimate({ design: v1 });
    // t3.micro 0.0104 × 730 = 7.59; gp3 0.08 × 20 GB = 1.60
    expect(data.lines.map((l) => [l.componentId, l.sku, l.monthly])).toEqual([
      ['vm', 't3.micro', 7.59],
      ['vm', 'EBS gp3', 1.6],
    ]);
    expect(data.monthlyTotal).toBe(9.19);
  });

  it('answers 400 costing/invalid_design with the issue for a design it cannot read', async () => {
    const cases: [unknown, string][] = [
      [{ v: 7, name: 'x' }, 'unsupported design version 7 (expected 1 or 2)'],
      ['not a design', 'unsupported design version undefined (expected 1 or 2)'],
      [
        { v: 2, name: 'x', provider: 'aws', region: 'us-east-1', components: [{ id: 'Bad Id' }] },
        'ids are lowercase letters, digits and hyphens (max 48)',
      ],
    ];
    for (const [design, message] of cases) {
      const res = await user.call('POST', '/api/costing/estimate', { design });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'costing/invalid_design', message });
    }
    const env = await user.call('POST', '/api/costing/estimate', {
      design: example('aws-three-tier-web-app'),
      environment: 'qa',
    });
    expect(env.statusCode).toBe(400);
    expect(errorOf(env)).toMatchObject({
      code: 'costing/invalid_design',
      message: 'The design has no environment “qa”; choose one of: dev, staging, prod',
    });
    const usage = await user.call('POST', '/api/costing/estimate', {
      design: example('aws-three-tier-web-app'),
      usage: { assets: { storageGb: -1 } },
    });
    expect(usage.statusCode).toBe(400);
    expect(errorOf(usage).code).toBe('request/invalid');
  });
});

describe('POST /api/costing/compare', () => {
  it('prices the design on every cloud beside the mapping', async () => {
    const res = await user.call('POST', '/api/costing/compare', {
      design: example('gcp-web-platform'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = json<{
      data: {
        currency: string;
        clouds: {
          cloud: string;
          region: string;
          priced: boolean;
          reason: string | null;
          estimate: Estimate | null;
        }[];
        mapping: { componentId: string; services: Record<string, string | null> }[];
      };
    }>(res).data;
    expect(data.clouds.map((c) => [c.cloud, c.region, c.priced])).toEqual([
      ['aws', 'eu-west-1', true],
      ['azure', 'northeurope', true],
      ['gcp', 'europe-west1', true],
      ['oci', 'eu-amsterdam-1', false],
    ]);
    expect(data.clouds[3]?.reason).toMatch(/no dated list prices/);
    for (const c of data.clouds.slice(0, 3))
      expect(c.estimate!.monthlyTotal).toBe(sum(c.estimate!.lines));
    expect(data.mapping.find((m) => m.componentId === 'gke')?.services).toEqual({
      aws: 'aws.eks',
      azure: 'azure.aks',
      gcp: 'gcp.gke',
      oci: 'oci.oke',
    });
    const bad = await user.call('POST', '/api/costing/compare', { design: { v: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('costing/invalid_design');
  });
});

describe('GET /api/costing/price-book', () => {
  it('answers the book in force with its version as ETag, and 304 when the client has it', async () => {
    const res = await user.call('GET', '/api/costing/price-book');
    expect(res.statusCode).toBe(200);
    const book = json<{
      data: { schema: string; version: string; items: unknown[]; sources: { id: string }[] };
    }>(res).data;
    expect(book).toMatchObject({ schema: 'stratum-price-book/1', version: 'seed-2026-07-30' });
    expect(book.items).toHaveLength(1123);
    expect(book.sources.map((s) => s.id)).toContain('infracost-golden');
    expect(res.headers.etag).toBe('"seed-2026-07-30"');

    const again = await server.app.inject({
      method: 'GET',
      url: '/api/costing/price-book',
      headers: { authorization: `Bearer ${user.token}`, 'if-none-match': '"seed-2026-07-30"' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await server.app.inject({
      method: 'GET',
      url: '/api/costing/price-book',
      headers: { authorization: `Bearer ${user.token}`, 'if-none-match': '"seed-2024-01-01"' },
    });
    expect(stale.statusCode).toBe(200);
  });
});

describe('the costing routes', () => {
  it('need a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/costing/estimate'],
      ['POST', '/api/costing/compare'],
      ['GET', '/api/costing/price-book'],
    ] as const) {
      const res = await server.app.inject({
        method,
        url,
        ...(method === 'POST' && { payload: { design: example('aws-serverless-api') } }),
      });
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res).code).toBe('auth/unauthorized');
    }
  });

  it('read designs larger than the default 1 MiB body, up to 4 MiB', async () => {
    const base = example('aws-serverless-api');
    // 50 S3 buckets, each with a 25 KB note among its properties: about 1.25 MB of JSON
    const components = Array.from({ length: 50 }, (_, i) => ({
      id: `bucket-${i}`,
      service: 'aws.s3',
      name: `bucket-${i}`,
      properties: { notes: 'n'.repeat(25_000) },
    }));
    const design = { ...base, components, connections: [] };
    expect(JSON.stringify({ design }).length).toBeGreaterThan(1024 * 1024);
    const data = await estimate({ design });
    // 50 × (100 GB × 0.023 + 100 × 0.005) = 50 × 2.80 = 140.00
    expect(data.monthlyTotal).toBe(140);
    const tooBig = await user.call('POST', '/api/costing/estimate', {
      design: { ...design, padding: 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(errorOf(tooBig).code).toBe('request/too_large');
  });
});
