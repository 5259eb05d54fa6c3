import { describe, expect, it } from 'vitest';
import { findService } from '@stratum/core/iac/catalog/registry';
import { ZArchitectureConfig } from '@stratum/core/planner/state';
import {
  addService,
  connect,
  freeId,
  moveNodes,
  removeItems,
  suggestSubnetCidr,
  updateNode,
} from './board-edit';
import { buildFlow, mergeNodes } from './board-model';
import { validateBoard } from './board-validation';
import { copyItems, pasteItems } from './clipboard';
import { freeSpotInside, growParentsToFit } from './placement';

const service = (id: string) => {
  const s = findService(id);
  if (!s) throw new Error(id);
  return s;
};
const empty = ZArchitectureConfig.parse({});

function awsBoard() {
  let arch = addService(empty, service('aws.vpc'), { x: 0, y: 0 }).arch;
  arch = addService(arch, service('aws.subnet'), { x: 20, y: 40 }, 'network').arch;
  arch = addService(arch, service('aws.subnet'), { x: 340, y: 40 }, 'network').arch;
  arch = addService(arch, service('aws.ec2'), { x: 10, y: 50 }, 'subnet').arch;
  arch = addService(arch, service('aws.s3'), { x: 900, y: 0 }).arch;
  return arch;
}

const designOf = (arch: ReturnType<typeof awsBoard>) => ({
  v: 2,
  name: 'x',
  provider: 'aws',
  region: 'us-east-1',
  groups: arch.groups,
  components: arch.components,
  connections: arch.connections,
});

describe('board editing', () => {
  it('adds services with free ids, names, and subnets with free ranges in alternating zones', () => {
    const arch = awsBoard();
    expect(arch.groups.map((g) => [g.id, g.parent, g.properties])).toEqual([
      ['network', undefined, {}],
      ['subnet', 'network', { cidr: '10.0.0.0/24', zone: '0' }],
      ['subnet-2', 'network', { cidr: '10.0.1.0/24', zone: '1' }],
    ]);
    expect(arch.components.map((c) => [c.id, c.group])).toEqual([
      ['vm', 'subnet'],
      ['object-storage', undefined],
    ]);
    expect(freeId(new Set(['vm', 'vm-2']), 'vm')).toBe('vm-3');
    expect(freeId(new Set(), '9 Bad Name!')).toBe('bad-name');
  });

  it('connects with types: placement only to a subnet, no duplicates, not from a group', () => {
    const arch = awsBoard();
    const ok = connect(arch, 'vm', 'object-storage', 'data');
    expect('arch' in ok && ok.arch.connections).toEqual([
      { from: 'vm', to: 'object-storage', type: 'data' },
    ]);
    const placement = connect(arch, 'vm', 'subnet-2', 'traffic');
    expect('arch' in placement && placement.arch.connections[0]?.type).toBe('placement');
    expect(connect(arch, 'vm', 'object-storage', 'placement')).toHaveProperty('error');
    expect(connect(arch, 'network', 'vm', 'traffic')).toHaveProperty('error');
    if ('arch' in ok)
      expect(connect(ok.arch, 'vm', 'object-storage', 'data')).toHaveProperty('error');
  });

  it('removes a group with everything inside it and the connections that touched it', () => {
    const linked = connect(awsBoard(), 'vm', 'object-storage', 'data');
    if (!('arch' in linked)) throw new Error('not connected');
    const arch = removeItems(linked.arch, ['subnet']);
    expect(arch.components.map((c) => c.id)).toEqual(['object-storage']);
    expect(arch.connections).toEqual([]);
    expect(arch.positions['vm']).toBeUndefined();
  });

  it('moves and re-parents nodes, and stores a default property value as absent', () => {
    let arch = moveNodes(awsBoard(), [{ id: 'vm', position: { x: 5.4, y: 6.6 }, parent: null }]);
    expect(arch.components[0]).not.toHaveProperty('group');
    expect(arch.positions['vm']).toEqual({ x: 5, y: 7 });
    arch = moveNodes(arch, [{ id: 'vm', position: { x: 1, y: 2 }, parent: 'subnet-2' }]);
    expect(arch.components[0]?.group).toBe('subnet-2');
    arch = updateNode(arch, 'vm', {
      name: 'web',
      property: { key: 'instanceType', value: 't3.large' },
    });
    expect(arch.components[0]).toMatchObject({
      name: 'web',
      properties: { instanceType: 't3.large' },
    });
    const def = service('aws.ec2').properties.find((p) => p.key === 'instanceType')?.default;
    arch = updateNode(arch, 'vm', { property: { key: 'instanceType', value: def } });
    expect(arch.components[0]?.properties).toEqual({});
  });

  it('stores policy exemptions on the node, and no field once the last is removed', () => {
    const exempt = [{ rule: 'aws-ec2-imdsv2', reason: 'vendor agent needs IMDSv1 until 2.0' }];
    let arch = updateNode(awsBoard(), 'vm', { exempt });
    expect(arch.components[0]?.policy).toEqual({ exempt });
    arch = updateNode(arch, 'vm', { exempt: [] });
    expect(arch.components[0]).not.toHaveProperty('policy');
  });

  it('copies a group with its content and pastes it with fresh ids', () => {
    const arch = awsBoard();
    const clip = copyItems(arch, ['subnet']);
    expect(clip?.components.map((c) => c.id)).toEqual(['vm']);
    const pasted = pasteItems(arch, clip!);
    expect(pasted.ids).toEqual(['subnet-copy', 'vm-copy']);
    const copy = pasted.arch.components.find((c) => c.id === 'vm-copy');
    expect(copy?.group).toBe('subnet-copy');
    expect(pasted.arch.groups.find((g) => g.id === 'subnet-copy')?.parent).toBe('network');
    expect(pasted.arch.positions['vm-copy']).toEqual(arch.positions['vm']);
  });

  it('suggests subnet ranges inside the network, clear of the others', () => {
    let arch = addService(empty, service('aws.vpc'), { x: 0, y: 0 }).arch;
    arch = updateNode(arch, 'network', { property: { key: 'cidr', value: '172.16.0.0/23' } });
    for (let i = 0; i < 3; i++)
      arch = addService(arch, service('aws.subnet'), { x: 0, y: 0 }, 'network').arch;
    expect(arch.groups.slice(1).map((g) => g.properties['cidr'])).toEqual([
      '172.16.0.0/24',
      '172.16.1.0/24',
      undefined, // full: the default applies and validation names the clash
    ]);
    expect(validateBoard({ ...designOf(arch) }).nodes.get('subnet-3')?.[0]?.message).toMatch(
      /outside network/,
    );
    // A GCP network has no range of its own: the /16 around the subnet's default.
    let gcp = addService(empty, service('gcp.vpc-network'), { x: 0, y: 0 }).arch;
    gcp = addService(gcp, service('gcp.subnetwork'), { x: 0, y: 0 }, 'network').arch;
    expect(suggestSubnetCidr(gcp, service('gcp.subnetwork'), 'network')).toBe('10.0.1.0/24');
    expect(suggestSubnetCidr(gcp, service('gcp.subnetwork'), undefined)).toBeUndefined();
  });

  it('places a new child in a free spot of its group, which grows to hold it', () => {
    let arch = addService(empty, service('aws.vpc'), { x: 100, y: 50 }).arch;
    const spots = [];
    for (let i = 0; i < 5; i++) {
      const spot = freeSpotInside(arch, 'network', { width: 300, height: 190 });
      spots.push(spot);
      const added = addService(arch, service('aws.subnet'), spot, 'network');
      arch = growParentsToFit(added.arch, added.id);
    }
    // Two columns in the 720-wide network, under its header, never on top of each other.
    expect(spots).toEqual([
      { x: 16, y: 48 },
      { x: 332, y: 48 },
      { x: 16, y: 254 },
      { x: 332, y: 254 },
      { x: 16, y: 460 },
    ]);
    expect(arch.positions['network']).toEqual({ x: 100, y: 50, width: 720, height: 666 });
    // A component at a subnet's edge grows the subnet, and the network around it.
    arch = addService(arch, service('aws.ec2'), { x: 250, y: 150 }, 'subnet-5').arch;
    arch = growParentsToFit(arch, 'vm');
    expect(arch.positions['subnet-5']).toEqual({ x: 16, y: 460, width: 474, height: 226 });
    expect(arch.positions['network']).toMatchObject({ width: 720, height: 702 });
  });
});

describe('board model', () => {
  it('orders parents before children and keeps unchanged nodes as the same objects', () => {
    const arch = awsBoard();
    const first = buildFlow(arch).nodes;
    expect(first.map((n) => [n.id, n.parentId])).toEqual([
      ['network', undefined],
      ['subnet', 'network'],
      ['subnet-2', 'network'],
      ['vm', 'subnet'],
      ['object-storage', undefined],
    ]);
    const moved = buildFlow(moveNodes(arch, [{ id: 'vm', position: { x: 99, y: 99 } }])).nodes;
    const merged = mergeNodes(first, moved);
    expect(merged[0]).toBe(first[0]);
    expect(merged[3]).not.toBe(first[3]);
    expect(merged[3]?.position).toEqual({ x: 99, y: 99 });
  });

  it("puts the engine's validation on the nodes it names", () => {
    const arch = awsBoard();
    const design = {
      v: 2,
      name: 'x',
      provider: 'aws',
      region: 'us-east-1',
      groups: arch.groups,
      components: [
        ...arch.components,
        { id: 'lb', service: 'aws.alb', name: 'lb', group: 'subnet' },
      ],
      connections: [],
    };
    const result = validateBoard(design);
    expect(result.nodes.get('lb')?.map((i) => i.message)).toContain('load balancer has no targets');
    // The VM has no error, only the reachability warning of its private subnet, on it.
    expect(result.nodes.get('vm')).toEqual([
      {
        message:
          'add a NAT gateway to network “main”: “ec2” (EC2 instance) in private subnet “snet” cannot reach package repositories',
        severity: 'warning',
      },
    ]);
    expect(result.errorCount).toBeGreaterThan(0);
    expect(result.warningCount).toBeGreaterThan(0);
  });

  it('puts an environment override the cloud refuses on the component, naming the environment', () => {
    const result = validateBoard({
      v: 2,
      name: 'x',
      provider: 'aws',
      region: 'us-east-1',
      environments: [{ name: 'dev' }, { name: 'prod', overrides: { web: { maxSize: 1 } } }],
      components: [
        {
          id: 'web',
          service: 'aws.autoscaling-group',
          name: 'web',
          properties: { minSize: 2, maxSize: 4 },
        },
      ],
    });
    expect(result.nodes.get('web')).toContainEqual({
      message:
        'in prod: minSize 2 is above maxSize 1: lower minSize or raise maxSize (minSize ≤ maxSize)',
      severity: 'error',
    });
    expect(result.design).toEqual([]);
  });
});
