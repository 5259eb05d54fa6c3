import { describe, expect, it } from 'vitest';
import { fastLayout } from './fast-layout';

describe('the linear layout for large graphs', () => {
  it('puts what others depend on to the left, inside groups sized to their members', () => {
    const positions = fastLayout({
      nodes: [
        { id: 'g', width: 0, height: 0, isGroup: true },
        { id: 'vpc', parent: 'g', width: 220, height: 48, isGroup: false },
        { id: 'subnet', parent: 'g', width: 220, height: 48, isGroup: false },
        { id: 'web', width: 220, height: 48, isGroup: false },
      ],
      edges: [
        { id: '1', from: 'subnet', to: 'vpc' },
        { id: '2', from: 'web', to: 'subnet' },
      ],
    });
    const at = (id: string) => positions[id] ?? { x: NaN, y: NaN };
    expect(at('subnet').x).toBeGreaterThan(at('vpc').x);
    expect(at('web').x).toBeGreaterThanOrEqual(at('g').x + (at('g').width ?? 0));
    expect(at('g').width).toBeGreaterThanOrEqual(2 * 220);
  });

  it('ends on a cycle and wraps a tall column', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: `n${i}`,
      width: 220,
      height: 48,
      isGroup: false,
    }));
    const positions = fastLayout({
      nodes: many,
      edges: [
        { id: 'a', from: 'n0', to: 'n1' },
        { id: 'b', from: 'n1', to: 'n0' },
      ],
    });
    expect(Object.keys(positions)).toHaveLength(30);
    expect(new Set(many.map((n) => positions[n.id]?.x)).size).toBeGreaterThan(1);
  });
});
