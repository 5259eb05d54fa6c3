import { describe, expect, it } from 'vitest';
import { generate, prepareDesign } from '../../iac/generate';
import { ConvertError, type TConvertFile } from '../types';
import { terraformToDesign } from './import';

const tf = (files: Record<string, string>): TConvertFile[] =>
  Object.entries(files).map(([path, content]) => ({ path, content }));

/** Design → Terraform with the engine, as a user downloads it. */
function generated(design: unknown): TConvertFile[] {
  const r = generate(design, { format: 'terraform' });
  if (!r.ok) throw new Error(r.issues.map((i) => i.message).join('\n'));
  return r.files.filter((f) => /\.(tf|tfvars)$/.test(f.path));
}

describe('terraformToDesign', () => {
  it('reads a catalog resource back as its component, its properties through variables, locals and functions', () => {
    const out = terraformToDesign(
      tf({
        'main.tf': [
          'variable "cidr" {',
          '  default = "10.30.0.0/16"',
          '}',
          'locals {',
          '  subnet = cidrsubnet(var.cidr, 8, 2)',
          '}',
          'provider "aws" {',
          '  region = "eu-west-1"',
          '}',
          'resource "aws_vpc" "main" {',
          '  cidr_block = var.cidr',
          '}',
          'resource "aws_subnet" "app" {',
          '  vpc_id     = aws_vpc.main.id',
          '  cidr_block = local.subnet',
          '}',
        ].join('\n'),
      }),
    );
    const design = out.design!;
    expect(design.region).toBe('eu-west-1');
    expect(design.groups).toEqual([
      expect.objectContaining({
        id: 'main',
        service: 'aws.vpc',
        properties: { cidr: '10.30.0.0/16' },
      }),
      expect.objectContaining({
        id: 'app',
        service: 'aws.subnet',
        parent: 'main',
        properties: { cidr: '10.30.2.0/24' },
      }),
    ]);
    expect(prepareDesign(design).ok).toBe(true);
  });

  it('rebuilds components, properties and connections from the code the engine writes', () => {
    const original = {
      v: 2,
      name: 'orders',
      provider: 'aws',
      region: 'eu-central-1',
      components: [
        {
          id: 'api-fn',
          service: 'aws.lambda',
          name: 'api',
          properties: { runtime: 'python3.13', memory: 512 },
        },
        { id: 'orders', service: 'aws.dynamodb', name: 'orders' },
        { id: 'jobs', service: 'aws.sqs', name: 'jobs', properties: { visibilityTimeout: 90 } },
      ],
      connections: [
        { from: 'api-fn', to: 'orders', type: 'data' },
        { from: 'api-fn', to: 'jobs', type: 'data' },
      ],
    };
    const out = terraformToDesign(generated(original));
    const design = out.design!;
    expect(design.components.map((c) => [c.id, c.service, c.properties])).toEqual([
      ['api-fn', 'aws.lambda', { runtime: 'python3.13', memory: 512 }],
      ['orders', 'aws.dynamodb', {}],
      ['jobs', 'aws.sqs', { visibilityTimeout: 90 }],
    ]);
    expect(design.connections).toEqual(original.connections);
    expect(out.unconverted).toEqual([]);
  });

  it('reads per-environment values from the env tfvars as overrides', () => {
    const original = {
      v: 2,
      name: 'fn',
      provider: 'aws',
      region: 'eu-central-1',
      environments: [{ name: 'dev' }, { name: 'prod', overrides: { fn: { memory: 1024 } } }],
      components: [{ id: 'fn', service: 'aws.lambda', name: 'fn' }],
    };
    const design = terraformToDesign(generated(original)).design!;
    expect(design.environments).toEqual([
      { name: 'dev', overrides: {} },
      { name: 'prod', overrides: { fn: { memory: 1024 } } },
    ]);
  });

  it('follows modules whose source is in the upload and lists the others with their line', () => {
    const out = terraformToDesign(
      tf({
        'main.tf': [
          'module "net" {',
          '  source = "./modules/net"',
          '  cidr   = "10.9.0.0/16"',
          '}',
          'module "remote" {',
          '  source  = "terraform-aws-modules/vpc/aws"',
          '  version = "~> 5.0"',
          '}',
          'resource "aws_subnet" "a" {',
          '  vpc_id     = module.net.vpc_id',
          '  cidr_block = "10.9.1.0/24"',
          '}',
        ].join('\n'),
        'modules/net/main.tf': [
          'variable "cidr" {}',
          'resource "aws_vpc" "this" {',
          '  cidr_block = var.cidr',
          '}',
          'output "vpc_id" {',
          '  value = aws_vpc.this.id',
          '}',
        ].join('\n'),
      }),
    );
    const design = out.design!;
    expect(design.groups.map((g) => [g.id, g.service, g.parent, g.properties])).toEqual([
      ['this', 'aws.vpc', undefined, { cidr: '10.9.0.0/16' }],
      ['a', 'aws.subnet', 'this', { cidr: '10.9.1.0/24' }],
    ]);
    expect(out.unconverted).toEqual([
      expect.objectContaining({ file: 'main.tf', line: 5, kind: 'module', name: 'module.remote' }),
    ]);
  });

  it('keeps what the catalog lacks as generic components, references included, and says where each came from', () => {
    const out = terraformToDesign(
      tf({
        'main.tf': [
          'resource "aws_sqs_queue" "jobs" {',
          '  name = "jobs"',
          '}',
          '',
          'resource "aws_pipes_pipe" "relay" {',
          '  name     = "relay"',
          '  source   = aws_sqs_queue.jobs.arn',
          '  target   = aws_sqs_queue.jobs.arn',
          '  role_arn = "arn:aws:iam::123456789012:role/pipes"',
          '  source_parameters {',
          '    sqs_queue_parameters {',
          '      batch_size = 5',
          '    }',
          '  }',
          '}',
        ].join('\n'),
      }),
    );
    const relay = out.design!.components.find((c) => c.id === 'relay');
    expect(relay).toMatchObject({
      service: 'aws.resource',
      resource: {
        type: 'aws_pipes_pipe',
        arguments: {
          name: 'relay',
          source: { $ref: 'jobs', attribute: 'arn' },
          target: { $ref: 'jobs', attribute: 'arn' },
          source_parameters: { sqs_queue_parameters: { batch_size: 5 } },
        },
      },
    });
    expect(out.warnings).toContainEqual({
      file: 'main.tf',
      line: 5,
      message: 'aws_pipes_pipe.relay: kept as a generic aws resource "relay"',
    });
    expect(prepareDesign(out.design).ok).toBe(true);
  });

  it('reads `count` inside a nested block as an argument, not as the resource count', () => {
    const out = terraformToDesign(
      tf({
        'main.tf': [
          'resource "azurerm_data_protection_backup_policy_blob_storage" "daily" {',
          '  name     = "daily"',
          '  vault_id = "/subscriptions/0/resourceGroups/rg/providers/x/backupVaults/v"',
          '  retention_rule {',
          '    name     = "Daily"',
          '    priority = 25',
          '    life_cycle {',
          '      duration        = "P35D"',
          '      data_store_type = "VaultStore"',
          '    }',
          '    criteria {',
          '      absolute_criteria = "FirstOfDay"',
          '    }',
          '    retain { count = 35 }',
          '  }',
          '}',
        ].join('\n'),
      }),
    );
    const policy = out.design!.components.find((c) => c.id === 'daily');
    expect(policy?.resource?.arguments).toMatchObject({
      retention_rule: { retain: { count: 35 } },
    });
    expect(out.warnings.map((w) => w.message).join('\n')).not.toMatch(/first instance/);
  });

  it('lists data sources, provisioners and dynamic blocks as unconverted, and warns about count', () => {
    const out = terraformToDesign(
      tf({
        'main.tf': [
          'data "aws_ami" "al2023" {',
          '  most_recent = true',
          '}',
          'resource "aws_security_group" "web" {',
          '  name = "web"',
          '  dynamic "ingress" {',
          '    for_each = [80, 443]',
          '    content {',
          '      from_port = ingress.value',
          '    }',
          '  }',
          '}',
          'resource "aws_eip" "ip" {',
          '  count = var.eips',
          '  provisioner "local-exec" {',
          '    command = "echo ${self.public_ip}"',
          '  }',
          '}',
        ].join('\n'),
      }),
    );
    expect(out.unconverted.map((u) => [u.line, u.kind, u.name])).toEqual([
      [6, 'dynamic', 'aws_security_group.web.dynamic.ingress'],
      [15, 'provisioner', 'aws_eip.ip.provisioner'],
      [1, 'data', 'data.aws_ami.al2023'],
    ]);
    expect(out.unconverted[0]!.text).toContain('for_each = [80, 443]');
    expect(out.warnings).toContainEqual({
      file: 'main.tf',
      line: 13,
      message: 'aws_eip.ip: count = var.eips — the design holds one instance',
    });
  });

  it('answers a syntax error with its file and line, and an upload without Terraform plainly', () => {
    const bad = () =>
      terraformToDesign(tf({ 'main.tf': 'resource "aws_vpc" "x" {\n  cidr_block = \n}\n' }));
    expect(bad).toThrow(ConvertError);
    expect(bad).toThrow('main.tf:2: ');
    expect(() => terraformToDesign(tf({ 'README.md': '# nothing' }))).toThrow(
      'no Terraform (.tf or .tf.json) file in the upload',
    );
  });
});
