import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { fromElkGraph, toElkGraph } from '../../../lib/layout/elk-graph';
import { BOARD_LAYOUT, HIERARCHY_LIMIT, type TLayoutRequest } from './elk-graph';

const request: TLayoutRequest = {
  nodes: [
    { id: 'vpc', width: 0, height: 0, isGroup: true },
    { id: 'subnet', parent: 'vpc', width: 0, height: 0, isGroup: true },
    { id: 'vm', parent: 'subnet', width: 208, height: 60, isGroup: false },
    { id: 'db', parent: 'subnet', width: 208, height: 60, isGroup: false },
    { id: 'bucket', width: 208, height: 60, isGroup: false },
  ],
  edges: [
    { id: 'a', from: 'vm', to: 'db' },
    { id: 'b', from: 'vm', to: 'bucket' },
  ],
};

describe('automatic layout (ELK)', () => {
  it('nests groups, and answers positions relative to the parent with sizes for groups', async () => {
    const graph = toElkGraph(request, BOARD_LAYOUT);
    expect(graph.children?.map((c) => c.id)).toEqual(['vpc', 'bucket']);
    const positions = fromElkGraph(
      await new ELK().layout(graph),
      new Set(['vpc', 'subnet']),
      BOARD_LAYOUT.emptyGroup,
    );
    expect(Object.keys(positions).sort()).toEqual(['bucket', 'db', 'subnet', 'vm', 'vpc']);
    expect(positions['vpc']?.width).toBeGreaterThan(208);
    expect(positions['vm']).not.toHaveProperty('width');
    // Inside the subnet, below its header.
    expect(positions['vm']?.y).toBeGreaterThanOrEqual(40);
    // Left to right: the database comes after the instance that writes to it.
    expect(positions['db']!.x).toBeGreaterThan(positions['vm']!.x);
  });

  it('lays out each container on its own for large boards', () => {
    const many: TLayoutRequest = {
      nodes: Array.from({ length: HIERARCHY_LIMIT + 1 }, (_, i) => ({
        id: `n${i}`,
        width: 10,
        height: 10,
        isGroup: false,
      })),
      edges: [],
    };
    expect(toElkGraph(many, BOARD_LAYOUT).layoutOptions?.['elk.hierarchyHandling']).toBe(
      'SEPARATE_CHILDREN',
    );
    expect(toElkGraph(request, BOARD_LAYOUT).layoutOptions?.['elk.hierarchyHandling']).toBe(
      'INCLUDE_CHILDREN',
    );
  });
});
