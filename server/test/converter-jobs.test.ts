import { afterEach, describe, expect, it } from 'vitest';
import { CONVERT_MAX_BYTES } from '@stratum/core/contract/converter/convert';
import { generate } from '@stratum/core/iac/generate';
import { defaultJobPoolOptions, type TJobPoolOptions } from '../src/lib/jobs/pool';
import { bearer, json, startTestServer, type TestServer } from './harness';
import { newUser, type User } from './planner-helpers';

// Conversions run in worker threads (decision 0032): these tests run the real pool, whose
// workers load the engine from source through tsx, over HTTP against the real PostgreSQL.

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(jobs: Partial<TJobPoolOptions>): Promise<User> {
  server = await startTestServer({ jobs: { ...defaultJobPoolOptions(), ...jobs } });
  return newUser(server);
}

let client = 0;
const convert = (user: User, body: Record<string, unknown>) =>
  server!.app.inject({
    method: 'POST',
    url: '/api/converter/convert',
    headers: bearer(user.token),
    remoteAddress: `10.8.${Math.floor(++client / 250)}.${client % 250}`,
    payload: body,
  });

/**
 * Terraform the engine wrote for an AWS design, copied into `folders` folders (`'most'`: as many
 * as stay within 95 % of the upload limit, as the engine's output grows): seconds to read.
 */
function bigTerraform(folders: number | 'most'): Record<string, string> {
  const groups = [];
  const components = [];
  for (let cell = 0; cell < 40; cell++) {
    const c = (k: string) => `c${cell}-${k}`;
    groups.push(
      { id: c('vpc'), service: 'aws.vpc', name: c('vpc'), properties: { cidr: '10.0.0.0/16' } },
      ...(['a', 'b'] as const).map((k, zone) => ({
        id: c(k),
        service: 'aws.subnet',
        name: c(k),
        parent: c('vpc'),
        properties: { cidr: `10.0.${zone + 1}.0/24`, zone: String(zone) },
      })),
    );
    for (const [k, service, group] of [
      ['web', 'aws.ec2', 'a'],
      ['db', 'aws.rds-postgresql', 'a'],
      ['files', 'aws.s3'],
      ['jobs', 'aws.sqs'],
      ['fn', 'aws.lambda', 'b'],
    ] as const)
      components.push({ id: c(k), service, name: c(k), ...(group && { group: c(group) }) });
  }
  const generated = generate(
    { v: 2, name: 'big', provider: 'aws', region: 'us-east-1', groups, components },
    { format: 'terraform', layout: 'single' },
  );
  if (!generated.ok) throw new Error(generated.issues[0]?.message);
  const estate = generated.files.filter((g) => g.path.endsWith('.tf'));
  const bytes = estate.reduce((n, f) => n + Buffer.byteLength(f.content), 0);
  const count = folders === 'most' ? Math.floor((0.95 * CONVERT_MAX_BYTES) / bytes) : folders;
  const files: Record<string, string> = {};
  for (let k = 0; k < count; k++) {
    for (const f of estate) files[`estate-${k}/${f.path}`] = f.content;
  }
  return files;
}

const BICEP = `param location string = resourceGroup().location
resource st 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: 'stjobs'
  location: location
  sku: { name: 'Standard_LRS' }
  kind: 'StorageV2'
}
`;

describe('conversions in worker threads', () => {
  it('a slow conversion does not hold up other requests', async () => {
    const user = await start({ workers: 1 });
    const started = Date.now();
    let convertedAt = 0;
    const slow = convert(user, { from: 'terraform', to: 'design', files: bigTerraform(4) }).then(
      (res) => ((convertedAt = Date.now()), res),
    );
    // While the engine reads the upload in its thread, the event loop answers everything else.
    const answered: number[] = [];
    while (!convertedAt) {
      const asked = Date.now();
      const health = await server!.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      if (!convertedAt) answered.push(Date.now() - asked);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await slow;
    expect(res.statusCode, res.body).toBe(200);
    // On the event loop, no request was answered until the conversion ended (about 1.4 MB of
    // Terraform: seconds); now they are, each in the time it needs itself.
    expect(answered.length, `${convertedAt - started} ms`).toBeGreaterThanOrEqual(3);
    expect(answered.sort((a, b) => a - b)[Math.floor(answered.length / 2)]).toBeLessThan(500);
  });

  it('a conversion past its deadline answers a clear error, and the next one works', async () => {
    const user = await start({ workers: 1, timeoutMs: 1000 });
    const slow = await convert(user, {
      from: 'terraform',
      to: 'design',
      files: bigTerraform('most'),
    });
    expect(slow.statusCode, slow.body).toBe(400);
    expect(json<{ code: string; message: string }>(slow)).toEqual({
      success: false,
      code: 'request/too_large',
      message:
        'This conversion took longer than 1 s, the most the server gives one, and was stopped. Try a smaller input.',
    });
    // The stopped thread was replaced: the next conversion is answered as usual.
    const next = await convert(user, { from: 'bicep', to: 'arm', files: { 'main.bicep': BICEP } });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.body).toContain('Microsoft.Storage/storageAccounts');
  });

  it('past the queue bound a conversion is answered "busy, try again" at once', async () => {
    const user = await start({ workers: 1, queueLimit: 1 });
    const body = { from: 'bicep', to: 'arm', files: { 'main.bicep': BICEP } };
    const [first, second] = await Promise.all([convert(user, body), convert(user, body)]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 503]);
    const busy = first.statusCode === 503 ? first : second;
    expect(busy.headers['retry-after']).toBe('5');
    expect(json<{ code: string; message: string }>(busy)).toMatchObject({
      code: 'internal/unavailable',
      message: expect.stringContaining('try again in a few seconds') as string,
    });
  });
});
