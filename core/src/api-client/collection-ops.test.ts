import { describe, expect, it } from 'vitest';
import {
  addItem,
  CollectionOpError,
  countRequests,
  duplicateItem,
  effectiveAuth,
  effectiveAuthSource,
  findItem,
  moveItem,
  removeItem,
  renameItem,
  replaceRequest,
  whyNotMove,
} from './collection-ops';
import { parseCollection, ZApiRequest, type TCollectionDoc, type TCollectionItem } from './model';

const request = (id: string, auth: Record<string, unknown> = { type: 'inherit' }) => ({
  id,
  kind: 'request' as const,
  name: id,
  request: ZApiRequest.parse({ url: `https://x.test/${id}`, auth }),
});
const folder = (
  id: string,
  items: TCollectionItem[],
  auth: Record<string, unknown> = { type: 'inherit' },
) => ({ id, kind: 'folder' as const, name: id, auth: auth as never, items });

function doc(): TCollectionDoc {
  const parsed = parseCollection({
    v: 1,
    name: 'Shop',
    auth: { type: 'bearer', token: '{{token}}' },
    items: [
      request('r1'),
      folder('f1', [
        request('r2'),
        folder('f2', [request('r3')], { type: 'basic', username: 'u', password: 'p' }),
      ]),
      request('r4', { type: 'none' }),
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.doc;
}

const ids = (items: readonly TCollectionItem[]): unknown[] =>
  items.map((i) => (i.kind === 'folder' ? { [i.id]: ids(i.items) } : i.id));

/** Every result must still be a valid document. */
function valid(d: TCollectionDoc): TCollectionDoc {
  const parsed = parseCollection(d);
  expect(parsed.ok ? [] : parsed.issues).toEqual([]);
  return d;
}

describe('findItem', () => {
  it('finds an item with its folder, index and ancestors', () => {
    const found = findItem(doc(), 'r3');
    expect(found?.parent?.id).toBe('f2');
    expect(found?.index).toBe(0);
    expect(found?.ancestors.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(findItem(doc(), 'r1')?.parent).toBeNull();
    expect(findItem(doc(), 'nope')).toBeUndefined();
  });

  it('counts requests in every folder', () => {
    expect(countRequests(doc())).toBe(4);
  });
});

describe('moveItem', () => {
  it('reorders within the same list, the index being the final position', () => {
    const d = doc();
    expect(ids(valid(moveItem(d, 'r1', null, 2)).items)).toEqual([
      { f1: ['r2', { f2: ['r3'] }] },
      'r4',
      'r1',
    ]);
    expect(ids(moveItem(d, 'r4', null, 0).items)[0]).toBe('r4');
    // The original is untouched.
    expect(ids(d.items)[0]).toBe('r1');
  });

  it('moves into a folder and out to the top level, clamping the index', () => {
    const d = doc();
    const into = valid(moveItem(d, 'r1', 'f2', 99));
    expect(ids(into.items)).toEqual([{ f1: ['r2', { f2: ['r3', 'r1'] }] }, 'r4']);
    const out = valid(moveItem(into, 'f2', null, -5));
    expect(ids(out.items)).toEqual([{ f2: ['r3', 'r1'] }, { f1: ['r2'] }, 'r4']);
  });

  it('refuses a folder into itself or its own subfolder, and unknown ids', () => {
    const d = doc();
    expect(() => moveItem(d, 'f1', 'f2', 0)).toThrow(CollectionOpError);
    expect(whyNotMove(d, 'f1', 'f1')).toBe('A folder cannot go into itself');
    expect(whyNotMove(d, 'r1', 'r2')).toBe('r2 is not a folder');
    expect(whyNotMove(d, 'x', null)).toMatch(/No item x/);
    expect(whyNotMove(d, 'r1', 'x')).toMatch(/No folder x/);
  });

  it('refuses a move that would nest folders deeper than parseCollection allows', () => {
    // Seven nested folders is the deepest parseCollection accepts.
    let deep: TCollectionItem = folder('d7', []);
    for (let i = 6; i >= 1; i--) deep = folder(`d${i}`, [deep]);
    const d = valid({ ...doc(), items: [deep, folder('extra', [])] });
    expect(whyNotMove(d, 'extra', 'd6')).toBeNull();
    expect(whyNotMove(d, 'extra', 'd7')).toMatch(/at most 8 deep/);
    expect(parseCollection(moveItem(d, 'extra', 'd6', 0)).ok).toBe(true);
    // A two-level folder fits one level higher only.
    const two = valid({ ...d, items: [deep, folder('a', [folder('b', [])])] });
    expect(whyNotMove(two, 'a', 'd5')).toBeNull();
    expect(whyNotMove(two, 'a', 'd6')).toMatch(/at most 8 deep/);
  });
});

describe('duplicate, add, rename, replace, remove', () => {
  it('duplicates a folder right after it with fresh ids throughout', () => {
    let n = 0;
    const d = valid(duplicateItem(doc(), 'f1', () => `n${++n}`));
    expect(ids(d.items)).toEqual([
      'r1',
      { f1: ['r2', { f2: ['r3'] }] },
      { n1: ['n2', { n3: ['n4'] }] },
      'r4',
    ]);
    expect(findItem(d, 'n1')?.item.name).toBe('f1 copy');
    expect(findItem(d, 'n2')?.item.name).toBe('r2');
  });

  it('duplicates a request with a random id by default', () => {
    const d = valid(duplicateItem(doc(), 'r3'));
    const f2 = findItem(d, 'f2')?.item;
    expect(f2?.kind === 'folder' && f2.items.map((i) => i.name)).toEqual(['r3', 'r3 copy']);
    const copy = f2?.kind === 'folder' ? f2.items[1] : undefined;
    expect(copy?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds an item, refusing a used id or a non-folder target', () => {
    const d = valid(addItem(doc(), request('r9'), 'f1', 0));
    expect(ids(d.items)[1]).toEqual({ f1: ['r9', 'r2', { f2: ['r3'] }] });
    expect(() => addItem(d, request('r9'), null)).toThrow(/already used/);
    expect(() => addItem(d, request('r10'), 'r1')).toThrow(/not a folder/);
  });

  it('renames with trimming and refuses an empty name', () => {
    const d = renameItem(doc(), 'r3', '  Get order  ');
    expect(findItem(d, 'r3')?.item.name).toBe('Get order');
    expect(() => renameItem(d, 'r3', '   ')).toThrow(/required/);
    expect(() => renameItem(d, 'x', 'a')).toThrow(/No item x/);
  });

  it("replaces a request item's request", () => {
    const next = ZApiRequest.parse({ method: 'POST', url: 'https://x.test/new' });
    const d = replaceRequest(doc(), 'r2', next);
    const item = findItem(d, 'r2')?.item;
    expect(item?.kind === 'request' && item.request.method).toBe('POST');
    expect(() => replaceRequest(d, 'f1', next)).toThrow(/not a request/);
  });

  it('removes a folder with what is in it', () => {
    const d = valid(removeItem(doc(), 'f1'));
    expect(ids(d.items)).toEqual(['r1', 'r4']);
    expect(countRequests(d)).toBe(2);
  });
});

describe('effectiveAuth', () => {
  it('walks request, then folders nearest first, then the collection', () => {
    const d = doc();
    expect(effectiveAuthSource(d, 'r3')).toMatchObject({
      auth: { type: 'basic', username: 'u' },
      from: { kind: 'folder', id: 'f2' },
    });
    expect(effectiveAuthSource(d, 'r2')).toMatchObject({
      auth: { type: 'bearer', token: '{{token}}' },
      from: { kind: 'collection', id: null, name: 'Shop' },
    });
    expect(effectiveAuthSource(d, 'r4')).toMatchObject({
      auth: { type: 'none' },
      from: { kind: 'request', id: 'r4' },
    });
    expect(effectiveAuth(d, 'f2')).toMatchObject({ type: 'basic' });
    expect(effectiveAuth(d, 'missing')).toBeUndefined();
  });

  it('gives none when everything inherits, the collection included', () => {
    const d = { ...doc(), auth: { type: 'inherit' as const } };
    expect(effectiveAuth(d, 'r2')).toEqual({ type: 'none' });
  });
});
