import { describe, expect, it } from 'vitest';
import type { TCollectionDoc } from '@stratum/core/api-client/model';
import { ZApiRequest } from '@stratum/core/api-client/model';
import { moveItem } from '@stratum/core/api-client/collection-ops';
import { dropPosition, moveTarget, treeLines } from './tree-rows';

const request = (id: string) => ({
  id,
  kind: 'request' as const,
  name: id,
  request: ZApiRequest.parse({}),
});
const folder = (id: string, items: TCollectionDoc['items']) => ({
  id,
  kind: 'folder' as const,
  name: id,
  auth: { type: 'inherit' as const },
  items,
});
const doc: TCollectionDoc = {
  v: 1,
  name: 'Shop',
  description: '',
  auth: { type: 'none' },
  variables: [],
  items: [request('a'), folder('f', [request('b'), request('c')]), request('d')],
};
const names = (d: TCollectionDoc) =>
  treeLines(d, new Set(['f'])).map((l) => `${'-'.repeat(l.depth)}${l.item.id}`);

describe('the collection tree', () => {
  it('lists open folders’ items under them', () => {
    expect(names(doc)).toEqual(['a', 'f', '-b', '-c', 'd']);
    expect(treeLines(doc, new Set()).map((l) => l.item.id)).toEqual(['a', 'f', 'd']);
  });

  it('drops before, after or into folders', () => {
    const [, f, b] = treeLines(doc, new Set());
    expect(dropPosition(f!, 0.1)).toBe('before');
    expect(dropPosition(f!, 0.5)).toBe('inside');
    expect(dropPosition(f!, 0.9)).toBe('after');
    expect(dropPosition(b!, 0.4)).toBe('before');
  });

  it('turns a drop into the move', () => {
    const move = (active: string, over: string, position: 'before' | 'after' | 'inside') => {
      const target = moveTarget(doc, active, over, position)!;
      return names(moveItem(doc, active, target.folderId, target.index));
    };
    expect(move('d', 'a', 'before')).toEqual(['d', 'a', 'f', '-b', '-c']);
    expect(move('a', 'd', 'after')).toEqual(['f', '-b', '-c', 'd', 'a']);
    expect(move('a', 'f', 'inside')).toEqual(['f', '-b', '-c', '-a', 'd']);
    expect(move('c', 'b', 'before')).toEqual(['a', 'f', '-c', '-b', 'd']);
    expect(move('b', 'd', 'after')).toEqual(['a', 'f', '-c', 'd', 'b']);
    expect(moveTarget(doc, 'f', 'b', 'before')).toBeNull();
  });
});
