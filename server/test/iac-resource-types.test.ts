import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TResourceTypeDetail,
  TResourceTypeSummary,
} from '@stratum/core/contract/iac/resource-type';
import { json, startTestServer, type TestServer } from './harness';
import { createProject, newUser, stateFor } from './planner-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('GET /api/iac/resource-types (public, no sign-in)', () => {
  it('finds types by part of the name, the exact and prefix matches first', async () => {
    const r = await get('/api/iac/resource-types?provider=aws&q=sqs_queue&limit=5');
    expect(r.statusCode).toBe(200);
    const data = json<{ data: TResourceTypeSummary[] }>(r).data;
    expect(data[0]).toEqual({ provider: 'aws', type: 'aws_sqs_queue', providerVersion: '6.19.0' });
    expect(data.length).toBeLessThanOrEqual(5);
    expect(data.every((t) => t.type.includes('sqs_queue'))).toBe(true);
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('searches ARM types case-insensitively with their newest stable API version', async () => {
    const r = await get('/api/iac/resource-types?provider=arm&q=microsoft.network/virtualnetworks');
    const data = json<{ data: TResourceTypeSummary[] }>(r).data;
    expect(data[0]?.type).toBe('Microsoft.Network/virtualNetworks');
    expect(data[0]?.providerVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses an unknown provider and an out-of-range limit with the error shape', async () => {
    for (const url of [
      '/api/iac/resource-types?provider=aliyun&q=x',
      '/api/iac/resource-types?provider=aws&limit=101',
      '/api/iac/resource-types?provider=aws&limit=0',
    ]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(400);
      expect(json<{ success: boolean }>(r).success).toBe(false);
    }
  });
});

describe('GET /api/iac/resource-types/:provider/:type', () => {
  it('answers the schema of a Terraform type with flags, blocks, attributes and source', async () => {
    const r = await get('/api/iac/resource-types/google/google_pubsub_subscription');
    expect(r.statusCode).toBe(200);
    const d = json<{ data: TResourceTypeDetail }>(r).data;
    expect(d.providerVersion).toBe('7.9.0');
    expect(d.source.repository).toBe('vadirajks/terraform-provider-schema-exporter');
    expect(d.block?.a?.['name']?.[0]).toContain('R');
    expect(d.block?.b?.['push_config']?.n).toBe('list');
    expect(d.attributes).toContain('id');
    expect(d.apiVersions).toBeUndefined();
  });

  it('answers an ARM type (URL-encoded) with its API versions and converted block', async () => {
    const r = await get('/api/iac/resource-types/arm/Microsoft.Network%2FvirtualNetworks');
    expect(r.statusCode).toBe(200);
    const d = json<{ data: TResourceTypeDetail }>(r).data;
    expect(d.apiVersions?.[0]).toBe(d.providerVersion);
    expect(d.block?.b?.['properties']?.b?.['addressSpace']?.n).toBe('single');
    expect(d.attributes).toEqual(expect.arrayContaining(['id', 'name', 'properties.subnets']));
  });

  it('answers an ARM type without a type graph with block null (free JSON)', async () => {
    const r = await get('/api/iac/resource-types/arm/Microsoft.Network%2FfirewallPolicies');
    expect(r.statusCode).toBe(200);
    const d = json<{ data: TResourceTypeDetail }>(r).data;
    expect(d.block).toBeNull();
    expect(d.apiVersions?.length).toBeGreaterThan(0);
  });

  it('is 404 for a type the provider does not have, 400 for an unknown provider', async () => {
    const missing = await get('/api/iac/resource-types/aws/aws_nope');
    expect(missing.statusCode).toBe(404);
    expect(json<{ code: string }>(missing).code).toBe('request/not_found');
    // Names of Object.prototype are not types either.
    expect((await get('/api/iac/resource-types/oci/constructor')).statusCode).toBe(404);
    expect((await get('/api/iac/resource-types/arm/__proto__')).statusCode).toBe(404);
    expect((await get('/api/iac/resource-types/aliyun/x')).statusCode).toBe(400);
  });

  it('answers 304 without a body when the client already has the current ETag', async () => {
    const first = await get('/api/iac/resource-types/oci/oci_core_vcn');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/iac/resource-types/oci/oci_core_vcn', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('planner generation of generic resource components', () => {
  it('writes them with the schema data: blocks, references and secrets as variables', async () => {
    const user = await newUser(server);
    const project = await createProject(
      user,
      'Extras',
      stateFor('aws-generic-resources', { fileStructureConfig: { terraform: 'single' } }),
    );
    const res = await user.call('POST', `/api/projects/${project.id}/generations`, {
      format: 'terraform',
    });
    expect(res.statusCode).toBe(200);
    const files = json<{ data: { generation: { files: { path: string; content: string }[] } } }>(
      res,
    ).data.generation.files;
    const main = files.find((f) => f.path === 'main.tf')?.content ?? '';
    expect(main).toMatch(/endpoint\s+= aws_sqs_queue.orders.arn/);
    expect(main).toMatch(/\n {2}rule \{\n {4}id\s+= "expire-tmp"/);
    // The SSM value is sensitive in the schema: a variable, never the design's text.
    expect(main).toMatch(/value = var.db_url_value/);
    expect(main).toMatch(/variable "db_url_value" \{[^}]*sensitive\s+= true/);
  });
});
