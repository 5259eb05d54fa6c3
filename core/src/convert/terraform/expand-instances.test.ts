import { describe, expect, it } from 'vitest';
import { prepareDesign } from '../../iac/generate';
import { terraformToDesign } from './import';

const HEAD = [
  'provider "aws" {',
  '  region = "eu-west-1"',
  '}',
  'resource "aws_vpc" "main" {',
  '  cidr_block = "10.0.0.0/16"',
  '}',
];

const importing = (...lines: string[]) => {
  const out = terraformToDesign([{ path: 'main.tf', content: [...HEAD, ...lines].join('\n') }]);
  const design = out.design!;
  const nodes = [...design.groups, ...design.components] as {
    id: string;
    service: string;
    properties: Record<string, unknown>;
    resource?: { type: string; arguments: Record<string, unknown> };
  }[];
  return { ...out, design, nodes, byId: (id: string) => nodes.find((n) => n.id === id) };
};

describe('count and for_each known before plan', () => {
  it('count = 3: one component per instance, each read with its count.index', () => {
    const out = importing(
      'resource "aws_subnet" "app" {',
      '  count      = 3',
      '  vpc_id     = aws_vpc.main.id',
      '  cidr_block = cidrsubnet("10.0.0.0/16", 8, count.index + 20)',
      '}',
      'resource "aws_db_subnet_group" "db" {',
      '  name       = "db"',
      '  subnet_ids = aws_subnet.app[*].id',
      '}',
      'resource "aws_eip" "second" {',
      '  tags = { subnet = aws_subnet.app[1].id }',
      '}',
    );
    expect(out.nodes.filter((n) => n.service === 'aws.subnet').map((n) => n.id)).toEqual([
      'app-0',
      'app-1',
      'app-2',
    ]);
    expect(out.byId('app-1')?.properties).toMatchObject({ cidr: '10.0.21.0/24' });
    // `[*]`: a list with a reference to every instance; `[1]`: the second one.
    expect(out.byId('db')?.resource?.arguments['subnet_ids']).toEqual([
      { $ref: 'app-0', attribute: 'id' },
      { $ref: 'app-1', attribute: 'id' },
      { $ref: 'app-2', attribute: 'id' },
    ]);
    expect(out.byId('second')?.resource?.arguments['tags']).toEqual({
      subnet: { $ref: 'app-1', attribute: 'id' },
    });
    expect(out.warnings.map((w) => w.message).join('\n')).not.toContain('one instance');
    expect(prepareDesign(out.design).ok).toBe(true);
  });

  it('for_each over a map and over a set: one component per key, each.key and each.value read', () => {
    const out = importing(
      'locals {',
      '  zones = { a = "10.0.1.0/24", b = "10.0.2.0/24" }',
      '}',
      'resource "aws_subnet" "zone" {',
      '  for_each          = local.zones',
      '  vpc_id            = aws_vpc.main.id',
      '  cidr_block        = each.value',
      '  availability_zone = "eu-west-1${each.key}"',
      '}',
      'resource "aws_eip" "ip" {',
      '  for_each = toset(["blue", "green"])',
      '  tags     = { colour = each.key, subnet = aws_subnet.zone["b"].id }',
      '}',
    );
    expect(out.byId('zone-b')).toMatchObject({
      service: 'aws.subnet',
      properties: { cidr: '10.0.2.0/24' },
    });
    expect(out.byId('zone-a')).toMatchObject({ service: 'aws.subnet' });
    expect(out.byId('ip-blue')?.resource?.arguments['tags']).toEqual({
      colour: 'blue',
      subnet: { $ref: 'zone-b', attribute: 'id' },
    });
    expect(out.byId('ip-green')?.resource?.arguments['tags']).toMatchObject({ colour: 'green' });
    expect(out.warnings).toContainEqual(
      expect.objectContaining({ line: 16, message: expect.stringContaining('aws_eip.ip["blue"]') }),
    );
  });

  it('more than 100 instances, or a count only Terraform knows: the first instance, with a warning', () => {
    const out = importing(
      'variable "size" {}',
      'resource "aws_eip" "many" {',
      '  count = 150',
      '  tags  = { n = count.index }',
      '}',
      'resource "aws_eip" "unknown" {',
      '  count = var.size',
      '}',
      'resource "aws_eip" "none" {',
      '  count = 0',
      '}',
    );
    expect(out.nodes.filter((n) => n.resource?.type === 'aws_eip').map((n) => n.id)).toEqual([
      'many',
      'unknown',
    ]);
    expect(out.byId('many')?.resource?.arguments['tags']).toEqual({ n: 0 });
    expect(out.warnings).toContainEqual({
      file: 'main.tf',
      line: 8,
      message:
        'aws_eip.many: count = 150 (150 instances, more than the 100 read one by one) — the design holds one instance',
    });
    expect(out.warnings).toContainEqual({
      file: 'main.tf',
      line: 12,
      message: 'aws_eip.unknown: count = var.size — the design holds one instance',
    });
    // count = 0: Terraform makes nothing; listed, not silently dropped.
    expect(out.unconverted).toContainEqual(
      expect.objectContaining({ line: 15, kind: 'resource', name: 'aws_eip.none' }),
    );
  });

  it('a module called with for_each is read once per instance; module.net["b"] is the second', () => {
    const out = terraformToDesign([
      {
        path: 'main.tf',
        content: [
          ...HEAD,
          'module "net" {',
          '  source   = "./modules/net"',
          '  for_each = { a = "10.0.1.0/24", b = "10.0.2.0/24" }',
          '  cidr     = each.value',
          '  vpc_id   = aws_vpc.main.id',
          '}',
          'module "once" {',
          '  source = "./modules/net"',
          '  count  = var.copies',
          '  cidr   = "10.0.9.0/24"',
          '  vpc_id = aws_vpc.main.id',
          '}',
          'variable "copies" {}',
          'resource "aws_eip" "ip" {',
          '  tags = { subnet = module.net["b"].id }',
          '}',
        ].join('\n'),
      },
      {
        path: 'modules/net/main.tf',
        content: [
          'variable "cidr" {}',
          'variable "vpc_id" {}',
          'resource "aws_subnet" "s" {',
          '  vpc_id     = var.vpc_id',
          '  cidr_block = var.cidr',
          '}',
          'output "id" {',
          '  value = aws_subnet.s.id',
          '}',
        ].join('\n'),
      },
    ]);
    // One subnet per instance (the second and third, named like the first, kept as generic
    // subnets: a catalog component per local name and module folder).
    const { groups, components } = out.design!;
    expect(groups.filter((g) => g.service === 'aws.subnet').map((g) => g.id)).toEqual(['s']);
    const generic = components.filter((c) => c.resource?.type === 'aws_subnet');
    expect(generic.map((c) => [c.id, c.resource?.arguments['cidr_block']])).toEqual([
      ['s-2', '10.0.2.0/24'],
      ['s-3', '10.0.9.0/24'],
    ]);
    expect(out.design!.components.find((c) => c.id === 'ip')?.resource?.arguments).toEqual({
      tags: { subnet: { $ref: 's-2', attribute: 'id' } },
    });
    expect(out.warnings).toContainEqual({
      file: 'main.tf',
      line: 13,
      message: 'module.once: count = var.copies — the design holds one instance of the module',
    });
  });
});
