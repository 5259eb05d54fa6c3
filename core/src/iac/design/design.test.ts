import { describe, expect, it } from 'vitest';
import { prepareDesign } from '../generate';
import { parseDesign } from './parse';
import { completeDesign } from './complete';

const base = { v: 2, name: 'demo', provider: 'aws', region: 'eu-west-1' } as const;
const vpc = (extra: object[] = []) => [
  { id: 'vpc', service: 'aws.vpc', name: 'main', properties: { cidr: '10.0.0.0/16' } },
  {
    id: 'a',
    service: 'aws.subnet',
    name: 'a',
    parent: 'vpc',
    properties: { cidr: '10.0.1.0/24', zone: '0' },
  },
  {
    id: 'b',
    service: 'aws.subnet',
    name: 'b',
    parent: 'vpc',
    properties: { cidr: '10.0.2.0/24', zone: '1' },
  },
  ...extra,
];
const messages = (input: unknown) => {
  const r = prepareDesign(input);
  // The refusals; reachability warnings have their own tests (rules/reachability.test.ts).
  return r.ok ? [] : r.issues.filter((i) => i.severity === 'error').map((i) => i.message);
};

describe('design document', () => {
  it('says what is wrong in words a user can act on', () => {
    expect(
      messages({ ...base, components: [{ id: 'db', service: 'aws.rds-postgresql', name: 'db' }] }),
    ).toContain('database must be placed in a subnet');
    expect(
      messages({
        ...base,
        groups: vpc(),
        components: [{ id: 'lb', service: 'aws.alb', name: 'lb', group: 'a' }],
        connections: [{ from: 'lb', to: 'b', type: 'placement' }],
      }),
    ).toEqual(['load balancer has no targets']);
  });

  it('checks services, clouds, properties, regions and references', () => {
    const issues = messages({
      ...base,
      region: 'moon-1',
      groups: vpc(),
      components: [
        { id: 'x', service: 'aws.nope', name: 'x' },
        { id: 'vm', service: 'azure.linux-vm', name: 'vm', group: 'a' },
        {
          id: 'web',
          service: 'aws.ec2',
          name: 'web',
          group: 'a',
          properties: { instanceType: 't9.huge', colour: 'red' },
        },
      ],
      connections: [{ from: 'web', to: 'ghost', type: 'traffic' }],
    });
    expect(issues).toEqual([
      expect.stringContaining('"moon-1" is not a region of Amazon Web Services'),
      'unknown service "aws.nope"',
      'azure.linux-vm belongs to azure; this design targets aws',
      expect.stringContaining('instanceType "t9.huge" is not one of: t3.micro'),
      'EC2 instance has no property "colour"',
      '"ghost" does not exist',
    ]);
  });

  it('checks subnet ranges against their network and each other', () => {
    const issues = messages({
      ...base,
      groups: [
        ...vpc(),
        {
          id: 'c',
          service: 'aws.subnet',
          name: 'c',
          parent: 'vpc',
          properties: { cidr: '10.0.1.128/25' },
        },
        {
          id: 'd',
          service: 'aws.subnet',
          name: 'd',
          parent: 'vpc',
          properties: { cidr: '192.168.0.0/24' },
        },
      ],
    });
    expect(issues).toEqual([
      'subnet "c" overlaps subnet "a"',
      'subnet 192.168.0.0/24 is outside network 10.0.0.0/16',
    ]);
  });

  it('rejects per-environment overrides of unknown components or properties', () => {
    expect(
      messages({ ...base, environments: [{ name: 'dev', overrides: { ghost: { size: 1 } } }] }),
    ).toEqual(['"ghost" is not a component of this design']);
  });

  it('completes a subnet with its network and public subnets with an internet gateway', () => {
    const parsed = parseDesign({
      ...base,
      groups: [{ id: 'web', service: 'aws.subnet', name: 'web', properties: { public: true } }],
    });
    if (!parsed.ok) throw new Error('invalid');
    const { design, completions } = completeDesign(parsed.design);
    expect(design.groups.map((g) => [g.id, g.parent])).toEqual([
      ['network', undefined],
      ['web', 'network'],
    ]);
    expect(design.components.map((c) => c.service)).toEqual(['aws.internet-gateway']);
    expect(completions.map((c) => c.message)).toEqual([
      'added VPC "network" for subnets without a network',
      'subnet placed in network "network"',
      'added Internet gateway for the public subnets of "network"',
    ]);
  });

  it('completes a VM with its NIC, image, disk and SSH key variable, and a database with its subnet group', async () => {
    const { generate } = await import('../generate');
    const r = generate(
      {
        ...base,
        groups: vpc(),
        components: [
          { id: 'web', service: 'aws.ec2', name: 'web', group: 'a' },
          { id: 'db', service: 'aws.rds-mysql', name: 'db', group: 'a' },
        ],
      },
      { format: 'terraform', layout: 'single' },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const main = r.files.find((f) => f.path === 'main.tf')!.content;
    for (const expected of [
      'resource "aws_network_interface" "web"',
      'data "aws_ami" "web"',
      'root_block_device {',
      'variable "ssh_public_key"',
      'resource "aws_db_subnet_group" "db"',
    ]) {
      expect(main).toContain(expected);
    }
    // The subnet group spans a second zone taken from the same network.
    expect(main).toMatch(/subnet_ids = \[aws_subnet\.a\.id, aws_subnet\.b\.id\]/);
  });

  it('upgrades version 1 documents', () => {
    const r = parseDesign({
      v: 1,
      name: 'old',
      provider: 'aws',
      region: 'us-east-1',
      services: [
        { id: 'vpc', service: 'aws.vpc', name: 'main', config: { cidr: '10.1.0.0/16' } },
        { id: 'sub', service: 'aws.subnet', name: 'sub', in: 'vpc', config: {} },
        { id: 'db', service: 'aws.rds-postgresql', name: 'db', in: 'sub', config: {} },
        { id: 'fn', service: 'aws.lambda', name: 'fn', config: { memory: 512 } },
      ],
      links: [{ source: 'fn', target: 'db' }],
    });
    expect(r.ok && r.upgradedFrom).toBe(1);
    if (!r.ok) return;
    expect(r.design.v).toBe(2);
    expect(r.design.groups.map((g) => g.id)).toEqual(['vpc', 'sub']);
    expect(r.design.components.find((c) => c.id === 'db')?.group).toBe('sub');
    expect(r.design.components.find((c) => c.id === 'fn')?.properties).toEqual({ memory: 512 });
    expect(r.design.connections).toEqual([{ from: 'fn', to: 'db', type: 'data' }]);
  });

  it('refuses unknown versions and malformed documents with paths', () => {
    expect(parseDesign({ v: 9 })).toEqual({
      ok: false,
      issues: [
        { path: 'v', message: 'unsupported design version 9 (expected 1 or 2)', severity: 'error' },
      ],
    });
    const r = parseDesign({
      ...base,
      components: [{ id: 'Bad Id', service: 'aws.s3', name: 'x' }],
    });
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(['components[0].id']);
  });
});
