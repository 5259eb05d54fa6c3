import { describe, expect, it } from 'vitest';
import type { TGraph, TGraphEdge, TGraphNode } from '../contract/cmdb/graph';
import {
  blastRadius,
  downstream,
  moduleGroups,
  reduceTransitiveEdges,
  rollupGraph,
  upstream,
} from './graph-queries';

const node = (
  id: string,
  type: string,
  module: string | null,
  cloud: string | null,
): TGraphNode => ({
  id,
  address: id,
  type,
  provider: null,
  module,
  external: false,
  mode: 'managed',
  cloud,
  assetId: null,
});
const edge = (from: string, to: string): TGraphEdge => ({ from, to, kind: 'dependency' });

// instance → subnet → vpc; instance → sg → vpc; lb → instance; a cycle sg ↔ rule.
const graph: TGraph = {
  nodes: [
    node('vpc', 'aws_vpc', null, 'aws'),
    node('subnet', 'aws_subnet', 'module.net', 'aws'),
    node('sg', 'aws_security_group', 'module.net', 'aws'),
    node('rule', 'aws_security_group_rule', 'module.net', 'aws'),
    node('instance', 'aws_instance', null, 'aws'),
    node('lb', 'aws_lb', null, 'aws'),
    node('suffix', 'random_string', null, null),
  ],
  edges: [
    edge('subnet', 'vpc'),
    edge('sg', 'vpc'),
    edge('instance', 'subnet'),
    edge('instance', 'sg'),
    edge('instance', 'vpc'),
    edge('lb', 'instance'),
    edge('lb', 'vpc'),
    edge('sg', 'rule'),
    edge('rule', 'sg'),
  ],
  warnings: [],
};

describe('blast radius and neighbours', () => {
  it('finds everything that depends on a node, nearest first', () => {
    expect(blastRadius(graph, 'vpc')).toEqual(['subnet', 'sg', 'instance', 'lb', 'rule']);
    expect(blastRadius(graph, 'lb')).toEqual([]);
    expect(downstream(graph, 'subnet')).toEqual(new Set(['instance', 'lb']));
  });

  it('finds everything a node depends on, through cycles without looping', () => {
    expect(upstream(graph, 'lb')).toEqual(new Set(['instance', 'vpc', 'subnet', 'sg', 'rule']));
    expect(upstream(graph, 'rule')).toEqual(new Set(['sg', 'vpc']));
    expect(upstream(graph, 'suffix')).toEqual(new Set());
  });
});

describe('rollups', () => {
  it('folds nodes by module, type or cloud, with counted edges between groups', () => {
    const byModule = rollupGraph(graph, 'module');
    expect(byModule.groups.map((g) => [g.key, g.nodeIds.length])).toEqual([
      ['(root)', 4],
      ['module.net', 3],
    ]);
    expect(byModule.edges).toEqual(
      expect.arrayContaining([
        { from: 'module.net', to: '(root)', count: 2 },
        { from: '(root)', to: 'module.net', count: 2 },
      ]),
    );
    expect(rollupGraph(graph, 'cloud').groups.map((g) => g.key)).toEqual(['aws', '(none)']);
    expect(rollupGraph(graph, 'type').groups).toHaveLength(7);
  });
});

describe('transitive reduction', () => {
  it('drops the edges another path implies and keeps reachability and cycles', () => {
    const reduced = reduceTransitiveEdges(graph.edges);
    const keys = reduced.map((e) => `${e.from}>${e.to}`);
    expect(keys).not.toContain('instance>vpc');
    expect(keys).not.toContain('lb>vpc');
    expect(keys).toEqual(
      expect.arrayContaining(['sg>rule', 'rule>sg', 'instance>subnet', 'lb>instance']),
    );
    const after = { ...graph, edges: reduced };
    for (const n of graph.nodes) {
      expect(upstream(after, n.id)).toEqual(upstream(graph, n.id));
      expect(blastRadius(after, n.id).sort()).toEqual(blastRadius(graph, n.id).sort());
    }
  });
});

describe('module groups', () => {
  it('nests module instances, keys with dots kept, parents listed before children', () => {
    const nodes = [
      node('a', 'aws_vpc', 'module.net["eu.west"].module.vpc', 'aws'),
      node('b', 'aws_subnet', 'module.net["eu.west"].module.vpc', 'aws'),
      node('c', 'aws_instance', 'module.app[0]', 'aws'),
      node('d', 'aws_iam_role', null, 'aws'),
    ];
    expect(moduleGroups({ nodes })).toEqual([
      { id: 'module.net["eu.west"]', parent: null, nodeIds: [], total: 2 },
      {
        id: 'module.net["eu.west"].module.vpc',
        parent: 'module.net["eu.west"]',
        nodeIds: ['a', 'b'],
        total: 2,
      },
      { id: 'module.app[0]', parent: null, nodeIds: ['c'], total: 1 },
    ]);
  });
});
