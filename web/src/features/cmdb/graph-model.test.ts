import { describe, expect, it } from 'vitest';
import type { TGraph, TGraphNode } from '@stratum/core/contract/cmdb/graph';
import { buildView, graphQueries, moduleChain, rollups } from './graph-model';

const node = (address: string, extra: Partial<TGraphNode> = {}): TGraphNode => ({
  id: `s:${address}`,
  address,
  type: address.split('.').at(-2) ?? 'x',
  provider: 'aws',
  module: null,
  external: false,
  mode: 'managed',
  cloud: 'aws',
  assetId: null,
  ...extra,
});

// vpc ← subnet ← instance ← dns; the instance also needs a role that is not in the source.
const GRAPH: TGraph = {
  nodes: [
    node('aws_vpc.main'),
    node('module.net["a.b"].aws_subnet.a', { module: 'module.net["a.b"]', type: 'aws_subnet' }),
    node('module.net["a.b"].module.inner.aws_instance.web', {
      module: 'module.net["a.b"].module.inner',
      type: 'aws_instance',
    }),
    node('aws_route53_record.www'),
    node('aws_iam_role.gone', { external: true }),
  ],
  edges: [
    { from: 's:module.net["a.b"].aws_subnet.a', to: 's:aws_vpc.main', kind: 'dependency' },
    {
      from: 's:module.net["a.b"].module.inner.aws_instance.web',
      to: 's:module.net["a.b"].aws_subnet.a',
      kind: 'dependency',
    },
    {
      from: 's:aws_route53_record.www',
      to: 's:module.net["a.b"].module.inner.aws_instance.web',
      kind: 'reference',
    },
    {
      from: 's:module.net["a.b"].module.inner.aws_instance.web',
      to: 's:aws_iam_role.gone',
      kind: 'dependency',
    },
  ],
  warnings: [],
};

describe('walking the CMDB graph', () => {
  const q = graphQueries(GRAPH);
  it('finds the blast radius: everything that depends on a node, through others too', () => {
    expect([...q.downstream('s:aws_vpc.main')].sort()).toEqual([
      's:aws_route53_record.www',
      's:module.net["a.b"].aws_subnet.a',
      's:module.net["a.b"].module.inner.aws_instance.web',
    ]);
    expect(q.downstream('s:aws_route53_record.www').size).toBe(0);
  });

  it('finds what a node depends on, external targets included', () => {
    expect([...q.upstream('s:aws_route53_record.www')]).toContain('s:aws_iam_role.gone');
    expect(q.upstream('s:aws_route53_record.www').size).toBe(4);
  });

  it('survives a cycle', () => {
    const cyclic = graphQueries({
      edges: [
        { from: 'a', to: 'b', kind: 'dependency' },
        { from: 'b', to: 'a', kind: 'dependency' },
      ],
    });
    expect([...cyclic.downstream('a')]).toEqual(['b']);
  });
});

describe('the drawn view', () => {
  it('nests modules, keys with dots kept', () => {
    expect(moduleChain('module.net["a.b"].module.inner')).toEqual([
      'module.net["a.b"]',
      'module.net["a.b"].module.inner',
    ]);
    const view = buildView(GRAPH, 'module', new Set());
    const inner = view.nodes.find((n) => n.id === 'group:module.net["a.b"].module.inner');
    expect(inner?.parent).toBe('group:module.net["a.b"]');
    expect(view.nodes.find((n) => n.id === 'group:external')?.size).toBe(1);
    expect(view.edges).toHaveLength(4);
  });

  it('draws only direct edges: one implied by a longer path is left out', () => {
    const view = buildView(
      {
        ...GRAPH,
        edges: [
          ...GRAPH.edges,
          { from: 's:aws_route53_record.www', to: 's:aws_vpc.main', kind: 'dependency' },
        ],
      },
      'module',
      new Set(),
    );
    expect(view.edges.map((e) => e.id)).not.toContain('s:aws_route53_record.www->s:aws_vpc.main');
    expect(view.edges).toHaveLength(4);
  });

  it('draws a collapsed module as one node standing for its members, edges merged', () => {
    const view = buildView(GRAPH, 'module', new Set(['group:module.net["a.b"]']));
    const ids = view.nodes.map((n) => n.id);
    expect(ids).not.toContain('group:module.net["a.b"].module.inner');
    expect(ids).not.toContain('s:module.net["a.b"].aws_subnet.a');
    expect(view.nodes.find((n) => n.id === 'group:module.net["a.b"]')).toMatchObject({
      kind: 'collapsed',
      size: 2,
    });
    expect(view.edges.map((e) => e.id).sort()).toEqual(
      [
        'group:module.net["a.b"]->s:aws_iam_role.gone',
        'group:module.net["a.b"]->s:aws_vpc.main',
        's:aws_route53_record.www->group:module.net["a.b"]',
      ].sort(),
    );
  });

  it('rolls up by module, type and cloud without the external nodes', () => {
    const r = rollups(GRAPH);
    expect(r.cloud).toEqual([['aws', 4]]);
    expect(r.module[0]).toEqual(['(root)', 2]);
  });
});
