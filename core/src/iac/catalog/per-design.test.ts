import { describe, expect, it } from 'vitest';
import { perDesign } from './per-design';
import type { TBuildContextBase, TNode } from './service';

const contextOf = (nodes: readonly TNode[]) => ({ nodes: () => nodes }) as TBuildContextBase;

describe('perDesign', () => {
  it('scans a design once, however many of its nodes ask', () => {
    const memo = new WeakMap<readonly TNode[], number>();
    const design = [{ id: 'a' }, { id: 'b' }] as unknown as TNode[];
    let scans = 0;
    const count = (nodes: readonly TNode[]) => (scans++, nodes.length);
    for (let i = 0; i < 5; i++) expect(perDesign(memo, contextOf(design), count)).toBe(2);
    expect(scans).toBe(1);
  });

  it('answers each design for itself, an empty answer included', () => {
    const memo = new WeakMap<readonly TNode[], readonly TNode[]>();
    const first = [{ id: 'a' }] as unknown as TNode[];
    const second = [] as TNode[];
    let scans = 0;
    const all = (nodes: readonly TNode[]) => (scans++, nodes.filter((n) => n.id !== ''));
    expect(perDesign(memo, contextOf(first), all)).toEqual(first);
    expect(perDesign(memo, contextOf(second), all)).toEqual([]);
    expect(perDesign(memo, contextOf(second), all)).toEqual([]);
    expect(scans).toBe(2);
  });
});
