import {
  API_LIMITS,
  type TApiRequest,
  type TAuth,
  type TCollectionDoc,
  type TCollectionItem,
  type TFolderItem,
} from './model';

/**
 * Edits of a collection document as the sidebar makes them: find, add, move (drag and drop),
 * duplicate, rename, remove, and the auth a request really uses. Pure: each answers a new
 * document and leaves the one given untouched; the server stores the result as a whole (PUT
 * with the revision it was made from).
 */

/** Thrown when an edit would break the document (unknown id, a folder into itself, too deep). */
export class CollectionOpError extends Error {
  override name = 'CollectionOpError';
}

export interface TItemLocation {
  item: TCollectionItem;
  /** The folder holding it; null at the collection's top level. */
  parent: TFolderItem | null;
  index: number;
  /** The folders from the top level down to `parent`. */
  ancestors: TFolderItem[];
}

/** Where the item with this id is, or undefined. */
export function findItem(doc: TCollectionDoc, itemId: string): TItemLocation | undefined {
  const search = (
    items: readonly TCollectionItem[],
    ancestors: TFolderItem[],
  ): TItemLocation | undefined => {
    for (const [index, item] of items.entries()) {
      if (item.id === itemId) {
        return { item, parent: ancestors.at(-1) ?? null, index, ancestors };
      }
      if (item.kind === 'folder') {
        const found = search(item.items, [...ancestors, item]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return search(doc.items, []);
}

/** Every item, depth first in document order. */
export function* walkItems(items: readonly TCollectionItem[]): Generator<TCollectionItem> {
  for (const item of items) {
    yield item;
    if (item.kind === 'folder') yield* walkItems(item.items);
  }
}

export function countRequests(doc: Pick<TCollectionDoc, 'items'>): number {
  let n = 0;
  for (const item of walkItems(doc.items)) if (item.kind === 'request') n++;
  return n;
}

/** Folders inside a folder, counting itself: 1 for a folder without subfolders. */
export function folderHeight(item: TCollectionItem): number {
  if (item.kind !== 'folder') return 0;
  return 1 + Math.max(0, ...item.items.map(folderHeight));
}

/**
 * Whether a folder may sit at `depth` (1: the top level), by the rule `parseCollection`
 * applies: folders nest while their depth stays below `API_LIMITS.folderDepth`.
 */
export function isFolderDepthAllowed(depth: number): boolean {
  return depth < API_LIMITS.folderDepth;
}

/** Why `itemId` cannot go into `targetFolderId` (null: the top level), or null when it can. */
export function whyNotMove(
  doc: TCollectionDoc,
  itemId: string,
  targetFolderId: string | null,
): string | null {
  const source = findItem(doc, itemId);
  if (!source) return `No item ${itemId} in this collection`;
  let depth = 1;
  if (targetFolderId !== null) {
    const target = findItem(doc, targetFolderId);
    if (!target) return `No folder ${targetFolderId} in this collection`;
    if (target.item.kind !== 'folder') return `${target.item.name} is not a folder`;
    if (target.item.id === itemId || target.ancestors.some((f) => f.id === itemId)) {
      return 'A folder cannot go into itself';
    }
    depth = target.ancestors.length + 2;
  }
  const height = folderHeight(source.item);
  if (height > 0 && !isFolderDepthAllowed(depth + height - 1)) {
    return `Folders nest at most ${API_LIMITS.folderDepth} deep`;
  }
  return null;
}

/** A copy of `items` with `fn` applied to the list that holds `parentId` (null: the top). */
function editList(
  items: readonly TCollectionItem[],
  parentId: string | null,
  fn: (list: TCollectionItem[]) => TCollectionItem[],
): TCollectionItem[] {
  if (parentId === null) return fn([...items]);
  return items.map((item) => {
    if (item.kind !== 'folder') return item;
    if (item.id === parentId) return { ...item, items: fn([...item.items]) };
    return { ...item, items: editList(item.items, parentId, fn) };
  });
}

function locate(doc: TCollectionDoc, itemId: string): TItemLocation {
  const found = findItem(doc, itemId);
  if (!found) throw new CollectionOpError(`No item ${itemId} in this collection`);
  return found;
}

const clampIndex = (index: number, length: number) =>
  Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : length, length));

/**
 * Moves an item (with everything in it) into a folder or to the top level (null), at `index`
 * among its new siblings as they are once the item has left its old place.
 */
export function moveItem(
  doc: TCollectionDoc,
  itemId: string,
  targetFolderId: string | null,
  index: number,
): TCollectionDoc {
  const reason = whyNotMove(doc, itemId, targetFolderId);
  if (reason) throw new CollectionOpError(reason);
  const { item, parent } = locate(doc, itemId);
  const without = editList(doc.items, parent?.id ?? null, (list) =>
    list.filter((i) => i.id !== itemId),
  );
  const items = editList(without, targetFolderId, (list) => {
    list.splice(clampIndex(index, list.length), 0, item);
    return list;
  });
  return { ...doc, items };
}

/** Adds an item into a folder or at the top level (null), at `index` (default: the end). */
export function addItem(
  doc: TCollectionDoc,
  item: TCollectionItem,
  targetFolderId: string | null,
  index = Number.POSITIVE_INFINITY,
): TCollectionDoc {
  const ids = new Set([...walkItems(doc.items)].map((i) => i.id));
  for (const added of walkItems([item])) {
    if (ids.has(added.id)) throw new CollectionOpError(`Item id ${added.id} is already used`);
  }
  if (targetFolderId !== null) {
    const target = locate(doc, targetFolderId);
    if (target.item.kind !== 'folder') {
      throw new CollectionOpError(`${target.item.name} is not a folder`);
    }
    const height = folderHeight(item);
    if (height > 0 && !isFolderDepthAllowed(target.ancestors.length + 1 + height)) {
      throw new CollectionOpError(`Folders nest at most ${API_LIMITS.folderDepth} deep`);
    }
  }
  const items = editList(doc.items, targetFolderId, (list) => {
    list.splice(clampIndex(index, list.length), 0, item);
    return list;
  });
  return { ...doc, items };
}

/** A random item id; isomorphic (Web Crypto in browsers and Node). */
export function newItemId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Puts a copy of the item right after it, named '<name> copy'. The copy's id is `newId()`, and
 * so is every id inside a copied folder.
 */
export function duplicateItem(
  doc: TCollectionDoc,
  itemId: string,
  newId: () => string = newItemId,
): TCollectionDoc {
  const { item, parent, index } = locate(doc, itemId);
  const reId = (source: TCollectionItem): TCollectionItem =>
    source.kind === 'folder'
      ? { ...structuredClone(source), id: newId(), items: source.items.map(reId) }
      : { ...structuredClone(source), id: newId() };
  const copy = { ...reId(item), name: copyName(item.name) };
  return addItem(doc, copy, parent?.id ?? null, index + 1);
}

function copyName(name: string): string {
  const suffix = ' copy';
  return name.slice(0, API_LIMITS.nameChars - suffix.length) + suffix;
}

function mapItem(
  doc: TCollectionDoc,
  itemId: string,
  fn: (item: TCollectionItem) => TCollectionItem,
): TCollectionDoc {
  const { parent } = locate(doc, itemId);
  return {
    ...doc,
    items: editList(doc.items, parent?.id ?? null, (list) =>
      list.map((i) => (i.id === itemId ? fn(i) : i)),
    ),
  };
}

export function renameItem(doc: TCollectionDoc, itemId: string, name: string): TCollectionDoc {
  const trimmed = name.trim();
  if (trimmed === '') throw new CollectionOpError('Name is required');
  if (trimmed.length > API_LIMITS.nameChars) {
    throw new CollectionOpError(`Names are at most ${API_LIMITS.nameChars} characters`);
  }
  return mapItem(doc, itemId, (item) => ({ ...item, name: trimmed }));
}

/** Replaces a request item's request (what the editor saves). */
export function replaceRequest(
  doc: TCollectionDoc,
  itemId: string,
  request: TApiRequest,
): TCollectionDoc {
  return mapItem(doc, itemId, (item) => {
    if (item.kind !== 'request') throw new CollectionOpError(`${item.name} is not a request`);
    return { ...item, request };
  });
}

/** Removes an item, and everything in it when it is a folder. */
export function removeItem(doc: TCollectionDoc, itemId: string): TCollectionDoc {
  const { parent } = locate(doc, itemId);
  return {
    ...doc,
    items: editList(doc.items, parent?.id ?? null, (list) => list.filter((i) => i.id !== itemId)),
  };
}

export interface TAuthSource {
  auth: TAuth;
  /** Where it was set: the item itself, a folder above it, or the collection. */
  from: { kind: 'request' | 'folder' | 'collection'; id: string | null; name: string };
}

/**
 * The auth a request (or folder) really uses: its own unless it inherits, then the nearest
 * folder above it that sets one, then the collection's. A collection that inherits has none.
 */
export function effectiveAuthSource(doc: TCollectionDoc, itemId: string): TAuthSource | undefined {
  const found = findItem(doc, itemId);
  if (!found) return undefined;
  const { item, ancestors } = found;
  const own = item.kind === 'request' ? item.request.auth : item.auth;
  if (own.type !== 'inherit') {
    return { auth: own, from: { kind: item.kind, id: item.id, name: item.name } };
  }
  for (const folder of [...ancestors].reverse()) {
    if (folder.auth.type !== 'inherit') {
      return { auth: folder.auth, from: { kind: 'folder', id: folder.id, name: folder.name } };
    }
  }
  const auth: TAuth = doc.auth.type === 'inherit' ? { type: 'none' } : doc.auth;
  return { auth, from: { kind: 'collection', id: null, name: doc.name } };
}

export function effectiveAuth(doc: TCollectionDoc, itemId: string): TAuth | undefined {
  return effectiveAuthSource(doc, itemId)?.auth;
}
