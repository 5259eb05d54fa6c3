import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConvertData } from '@stratum/core/contract/converter/convert';
import { bearer, json, startTestServer, type TestServer } from './harness';
import { newUser, type User } from './planner-helpers';

let server: TestServer;
let user: User;
beforeAll(async () => {
  server = await startTestServer();
  user = await newUser(server);
});
afterAll(async () => {
  await server.close();
});

// The route allows 30 conversions a minute per client address: each call here comes from its own.
let client = 0;
const convert = (body: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/converter/convert',
    headers: bearer(user.token),
    remoteAddress: `10.9.${Math.floor(++client / 250)}.${client % 250}`,
    payload: body,
  });
const data = (r: Awaited<ReturnType<typeof convert>>) => json<{ data: TConvertData }>(r).data;
const zipOf = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
      ),
    ),
  ).toString('base64');

const STORAGE_BICEP = `@description('Storage account name')
param storageName string = 'st\${uniqueString(resourceGroup().id)}'
param location string = resourceGroup().location

resource storage 'Microsoft.Storage/storageAccounts@2023-01-01' = {
  name: storageName
  location: location
  sku: {
    name: 'Standard_LRS'
  }
  kind: 'StorageV2'
}

output storageId string = storage.id
`;

const TERRAFORM = `provider "aws" {
  region = "eu-west-1"
}

resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

resource "aws_subnet" "app" {
  vpc_id     = aws_vpc.main.id
  cidr_block = "10.0.1.0/24"
}
`;

type TArm = {
  $schema: string;
  parameters: Record<string, unknown>;
  resources: { type: string; name: string }[];
  outputs: Record<string, unknown>;
};
const armOf = (d: TConvertData) => {
  const file = d.files.find((f) => f.path.endsWith('.json'));
  expect(file, d.files.map((f) => f.path).join(', ')).toBeDefined();
  return JSON.parse(file!.content) as TArm;
};

describe('POST /api/converter/convert: each direction', () => {
  it('Bicep → ARM: a template with the parameters, the resource and the output, validated', async () => {
    const r = await convert({ from: 'bicep', to: 'arm', files: { 'main.bicep': STORAGE_BICEP } });
    expect(r.statusCode, r.body).toBe(200);
    const d = data(r);
    const arm = armOf(d);
    expect(arm.$schema).toContain('deploymentTemplate.json');
    expect(Object.keys(arm.parameters)).toEqual(['storageName', 'location']);
    expect(arm.resources[0]?.type).toBe('Microsoft.Storage/storageAccounts');
    expect(Object.keys(arm.outputs)).toEqual(['storageId']);
    expect(d.validation).toEqual([]);
  });

  it('Bicep → ARM from a zip: the folder inside the zip is kept', async () => {
    const r = await convert({
      from: 'bicep',
      to: 'arm',
      files: { 'upload.zip': zipOf({ 'infra/main.bicep': STORAGE_BICEP }) },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(armOf(data(r)).resources[0]?.type).toBe('Microsoft.Storage/storageAccounts');
  });

  it('ARM → Bicep: the template decompiled, the resource with its symbol', async () => {
    const first = data(
      await convert({ from: 'bicep', to: 'arm', files: { 'main.bicep': STORAGE_BICEP } }),
    );
    const template = first.files.find((f) => f.path.endsWith('.json'))!;
    const r = await convert({
      from: 'arm',
      to: 'bicep',
      files: { 'azuredeploy.json': template.content },
    });
    expect(r.statusCode, r.body).toBe(200);
    const bicep = data(r).files.find((f) => f.path.endsWith('.bicep'))!;
    expect(bicep.content).toMatch(/resource \w+ 'Microsoft\.Storage\/storageAccounts@2023-01-01'/);
    expect(bicep.content).toMatch(/^param storageName string/m);
  });

  it('Terraform → design: components and the design document, which validates', async () => {
    const r = await convert({ from: 'terraform', to: 'design', files: { 'main.tf': TERRAFORM } });
    expect(r.statusCode, r.body).toBe(200);
    const d = data(r);
    expect(d.design?.['provider']).toBe('aws');
    expect(d.files.map((f) => f.path)).toContain('design.json');
    expect(d.validation).toEqual([]);
  });

  it('Terraform on AWS → Terraform on Azure: re-targeted, with the mapping table', async () => {
    const r = await convert({
      from: 'terraform',
      to: 'terraform',
      provider: 'azure',
      files: { 'main.tf': TERRAFORM },
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = data(r);
    expect(d.retarget?.from).toBe('aws');
    expect(d.retarget?.to).toBe('azure');
    expect(d.retarget?.rows).toContainEqual({
      id: 'main',
      from: 'aws.vpc',
      to: 'azure.virtual-network',
    });
    // What has no equivalent on Azure is listed as not converted, never silently dropped.
    for (const row of d.retarget?.rows.filter((x) => !x.to) ?? [])
      expect(d.unconverted.map((u) => u.name)).toContain(row.id);
    expect(d.files.some((f) => f.path.endsWith('.tf') && f.content.includes('azurerm_'))).toBe(
      true,
    );
  });
});

describe('POST /api/converter/convert: bad input answers 400 with a message, never 500', () => {
  it('refuses a pair the converter does not write, saying which targets it has', async () => {
    const r = await convert({ from: 'arm', to: 'arm', files: { 'a.json': '{}' } });
    expect(r.statusCode).toBe(400);
    expect(json<{ message: string }>(r).message).toMatch(/^ARM cannot be converted to ARM/);
  });

  it('answers odd input in every direction with 400 or 200, and 400s carry a message', async () => {
    const inputs = [
      '',
      '{',
      'resource',
      "resource x 'a@b' = {",
      'resource "a" {',
      '{"resources": 5}',
      '\u00ff\u00fe',
      '${'.repeat(2000),
      '['.repeat(5000),
      '{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#", "resources": [{"type": 1}]}',
    ];
    const pairs = [
      ['bicep', 'arm', 'main.bicep'],
      ['bicep', 'design', 'main.bicep'],
      ['arm', 'bicep', 'azuredeploy.json'],
      ['arm', 'design', 'azuredeploy.json'],
      ['terraform', 'design', 'main.tf'],
      ['terraform', 'bicep', 'main.tf'],
    ] as const;
    for (const [from, to, path] of pairs) {
      for (const content of inputs) {
        const r = await convert({ from, to, files: { [path]: content } });
        expect([200, 400], `${from} → ${to}: ${content.slice(0, 30)}: ${r.body}`).toContain(
          r.statusCode,
        );
        if (r.statusCode === 400)
          expect(json<{ message: string }>(r).message.length).toBeGreaterThan(5);
      }
    }
  });

  it('refuses an upload larger than 5 MB', async () => {
    const r = await convert({
      from: 'terraform',
      to: 'design',
      files: { 'a.tf': '#'.repeat(3 * 1024 * 1024), 'b.tf': '#'.repeat(3 * 1024 * 1024) },
    });
    expect(r.statusCode).toBe(400);
    expect(json<{ code: string; message: string }>(r)).toMatchObject({
      code: 'request/too_large',
      message: expect.stringContaining('5 MB'),
    });
  });

  it('refuses a zip bomb by the bytes it inflates to, not the sizes it declares', async () => {
    // 8 MB of one character deflates to a few KB.
    const r = await convert({
      from: 'terraform',
      to: 'design',
      files: { 'bomb.zip': zipOf({ 'main.tf': new Uint8Array(8 * 1024 * 1024).fill(35) }) },
    });
    expect(r.body.length).toBeLessThan(1000);
    expect(r.statusCode).toBe(400);
    expect(json<{ code: string }>(r).code).toBe('request/too_large');
  });

  it('refuses a zip with a path outside its folder, and one with too many entries', async () => {
    const escape = await convert({
      from: 'terraform',
      to: 'design',
      files: { 'a.zip': zipOf({ '../evil.tf': 'x' }) },
    });
    expect(escape.statusCode).toBe(400);
    expect(json<{ message: string }>(escape).message).toContain('outside its folder');

    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`f${i}.tf`, '#']));
    const crowded = await convert({
      from: 'terraform',
      to: 'design',
      files: { 'a.zip': zipOf(many) },
    });
    expect(crowded.statusCode).toBe(400);
    expect(json<{ message: string }>(crowded).message).toContain('more than 500 files');
  });

  it('refuses what is not a zip, and a zip that is not base64', async () => {
    for (const content of ['aGVsbG8gd29ybGQ=', 'not base64 at all!']) {
      const r = await convert({ from: 'bicep', to: 'arm', files: { 'x.zip': content } });
      expect(r.statusCode).toBe(400);
      expect(json<{ message: string }>(r).message).toContain('x.zip');
    }
  });

  it('leaves binary files of a zip out with a warning', async () => {
    const r = await convert({
      from: 'bicep',
      to: 'arm',
      files: {
        'a.zip': zipOf({ 'main.bicep': STORAGE_BICEP, 'logo.png': new Uint8Array([0, 1, 2, 255]) }),
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(data(r).warnings).toContainEqual({
      file: 'logo.png',
      line: 0,
      message: 'not a text file: left out',
    });
  });

  it('needs a signed-in user', async () => {
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/converter/convert',
      remoteAddress: '10.8.0.1',
      payload: { from: 'bicep', to: 'arm', files: { 'main.bicep': STORAGE_BICEP } },
    });
    expect(r.statusCode).toBe(401);
  });
});

describe('POST /api/converter/validate (the assistant’s answers go through it)', () => {
  const validate = (files: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/converter/validate',
      headers: bearer(user.token),
      remoteAddress: `10.7.0.${++client % 250}`,
      payload: { files },
    });

  it('finds nothing in a valid template, and names the file and line of a Terraform problem', async () => {
    const arm = data(
      await convert({ from: 'bicep', to: 'arm', files: { 'main.bicep': STORAGE_BICEP } }),
    ).files[0]!;
    const ok = await validate({ [arm.path]: arm.content });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<{ data: { validation: unknown[] } }>(ok).data.validation).toEqual([]);

    const bad = await validate({
      'main.tf':
        '# the assistant wrote\n\nresource "aws_s3_bucket" "logs" {\n  colour = "blue"\n}\n',
    });
    expect(json<{ data: { validation: unknown[] } }>(bad).data.validation).toContainEqual({
      file: 'main.tf',
      line: 3,
      message: 'aws_s3_bucket.logs: unknown argument "colour"',
    });
  });
});
