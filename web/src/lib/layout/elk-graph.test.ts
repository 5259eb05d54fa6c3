import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { fromElkGraph, toElkGraph, type TLayoutOptions, type TLayoutRequest } from './elk-graph';

const options = (direction: TLayoutOptions['direction']): TLayoutOptions => ({
  groupPadding: { top: 42, left: 12, bottom: 12, right: 12 },
  emptyGroup: { width: 220, height: 60 },
  direction,
  spacing: { nodeNode: 16, betweenLayers: 48, componentComponent: 32 },
});

// An instance that uses a database: the edge goes from the instance to the database.
const request: TLayoutRequest = {
  nodes: [
    { id: 'net', width: 0, height: 0, isGroup: true },
    { id: 'vm', parent: 'net', width: 200, height: 50, isGroup: false },
    { id: 'db', parent: 'net', width: 200, height: 50, isGroup: false },
    { id: 'empty', width: 0, height: 0, isGroup: true },
  ],
  edges: [{ id: 'e', from: 'vm', to: 'db' }],
};

async function layout(direction: TLayoutOptions['direction']) {
  const o = options(direction);
  return fromElkGraph(
    await new ELK().layout(toElkGraph(request, o)),
    new Set(['net', 'empty']),
    o.emptyGroup,
  );
}

describe('the shared ELK layout', () => {
  it('forward puts a connection’s source left of its target; reverse puts what is depended on first', async () => {
    const forward = await layout('forward');
    expect(forward['vm']!.x).toBeLessThan(forward['db']!.x);
    const reverse = await layout('reverse');
    expect(reverse['db']!.x).toBeLessThan(reverse['vm']!.x);
  });

  it('pads groups below their header and gives an empty group its default size', async () => {
    const positions = await layout('reverse');
    expect(positions['vm']!.y).toBeGreaterThanOrEqual(42);
    expect(positions['empty']).toMatchObject({ width: 220, height: 60 });
    expect(positions['vm']).not.toHaveProperty('width');
  });
});
