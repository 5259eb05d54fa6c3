import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, useSchemaData } from '@stratum/cli/testing/fixtures';
import { printHcl } from '../hcl/print';
import { ConvertError } from '../types';
import { terraformToDesign } from './import';
import { parseTerraformJson, parseTfvarsJson } from './tf-json';

/** CDKTF's synthesized stack, in the shape of HashiCorp's learn-cdktf tutorial (fixtures README). */
const CDKTF = 'core/src/convert/fixtures/terraform/cdktf-aws-stack/cdk.tf.json';

beforeAll(() => {
  useSchemaData();
}, 120_000);

describe('Terraform JSON syntax', () => {
  it('reads blocks by their label nesting, strings as templates, with the lines of the JSON', () => {
    const file = parseTerraformJson(
      'main.tf.json',
      [
        '{',
        '  "//": "a comment",',
        '  "resource": {',
        '    "aws_s3_bucket": {',
        '      "logs": {',
        '        "//": "ignored",',
        '        "bucket": "${var.prefix}-logs",',
        '        "tags": { "Name": "${aws_vpc.main.id}" },',
        '        "depends_on": ["aws_vpc.main"]',
        '      }',
        '    }',
        '  },',
        '  "provider": { "aws": [{ "region": "eu-west-1" }, { "alias": "us", "region": "us-east-1" }] }',
        '}',
      ].join('\n'),
    );
    const [bucket, ...providers] = file.body.blocks;
    expect(bucket).toMatchObject({ type: 'resource', labels: ['aws_s3_bucket', 'logs'], line: 5 });
    expect(bucket!.body.attributes.map((a) => [a.name, a.line, printHcl(a.expr)])).toEqual([
      ['bucket', 7, '"${var.prefix}-logs"'],
      // A string that is one interpolation is the expression itself, as in HCL.
      ['tags', 8, '{ Name = aws_vpc.main.id }'],
      // depends_on holds bare references, not templates.
      ['depends_on', 9, '[aws_vpc.main]'],
    ]);
    expect(providers.map((p) => [p.labels, p.line])).toEqual([
      [['aws'], 13],
      [['aws'], 13],
    ]);
  });

  it('reads a provider schema’s nested blocks as blocks, and a map attribute as a map', () => {
    const file = parseTerraformJson(
      'sg.tf.json',
      JSON.stringify({
        resource: {
          aws_s3_bucket: { b: { tags: { a: '1' } } },
          aws_instance: { vm: { root_block_device: { volume_size: 20 }, tags: { b: '2' } } },
        },
      }),
    );
    const [bucket, vm] = file.body.blocks;
    expect(bucket!.body.attributes.map((a) => a.name)).toEqual(['tags']);
    expect(vm!.body.blocks.map((b) => b.type)).toEqual(['root_block_device']);
    expect(vm!.body.attributes.map((a) => a.name)).toEqual(['tags']);
  });

  it('reads .tfvars.json values literally, and names the line of a broken template', () => {
    const vars = parseTfvarsJson('prod.tfvars.json', '{\n  "name": "a ${b}",\n  "n": 3\n}');
    expect(vars.body.attributes.map((a) => [a.name, a.line, printHcl(a.expr)])).toEqual([
      ['name', 2, '"a $${b}"'],
      ['n', 3, '3'],
    ]);
    const broken = () => parseTerraformJson('x.tf.json', '{\n"locals": {\n  "a": "${var.x"\n}\n}');
    expect(broken).toThrow(ConvertError);
    expect(broken).toThrow('x.tf.json:3:');
  });

  it('CDKTF output becomes a design: for_each subnets, counted instances wired to them', () => {
    const out = terraformToDesign([
      { path: 'cdk.tf.json', content: readFileSync(join(REPO_ROOT, CDKTF), 'utf8') },
    ]);
    const nodes = [...out.design!.groups, ...out.design!.components];
    expect(out.design!.region).toBe('us-west-2');
    expect(out.design!.tags).toEqual({ Project: 'learn-cdktf' });
    expect(nodes.map((n) => [n.id, n.service])).toEqual([
      ['main', 'aws.vpc'],
      ['public-a', 'aws.subnet'],
      ['public-b', 'aws.subnet'],
      ['web', 'aws.security-group'],
      ['compute-0', 'aws.resource'],
      ['compute-1', 'aws.resource'],
    ]);
    expect(out.design!.components[1]).toMatchObject({
      resource: {
        type: 'aws_instance',
        arguments: {
          subnet_id: { $ref: 'public-a', attribute: 'id' },
          tags: { Name: 'learn-cdktf-0' },
        },
      },
    });
    expect(out.warnings).toContainEqual({
      file: 'cdk.tf.json',
      line: 94,
      message: 'aws_instance.compute[1]: kept as a generic aws resource "compute-1"',
    });
  });

  it('a folder mixing .tf, .tf.json and .tfvars.json files is one module', () => {
    const out = terraformToDesign([
      {
        path: 'main.tf',
        content: 'provider "aws" {\n  region = var.region\n}\nvariable "region" {}\n',
      },
      {
        path: 'network.tf.json',
        content: JSON.stringify({
          variable: { cidr: { default: '10.1.0.0/16' } },
          resource: { aws_vpc: { core: { cidr_block: '${var.cidr}' } } },
        }),
      },
      {
        path: 'terraform.tfvars.json',
        content: '{ "region": "eu-north-1", "cidr": "10.9.0.0/16" }',
      },
    ]);
    expect(out.design!.region).toBe('eu-north-1');
    expect(out.design!.groups).toEqual([
      expect.objectContaining({
        id: 'core',
        service: 'aws.vpc',
        properties: { cidr: '10.9.0.0/16' },
      }),
    ]);
    expect(out.unconverted).toEqual([]);
  });
});
