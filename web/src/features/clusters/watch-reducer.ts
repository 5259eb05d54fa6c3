import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';
import type { TWatchEvent } from '@stratum/core/contract/k8s/streams';
import { compareObjects, field, objectKey, str } from './k8s-object';

/** The objects a table shows: the pages listed, kept current by the watch. */
export interface ObjectListState {
  items: TK8sObject[];
  /** The token for the next page ("Load more"); none when everything is listed. */
  continueToken: string | undefined;
}

export type ObjectListAction =
  | { type: 'LISTED'; items: TK8sObject[]; continueToken: string | undefined }
  | { type: 'PAGE'; items: TK8sObject[]; continueToken: string | undefined }
  | Exclude<TWatchEvent, { type: 'ERROR' }>;

export const EMPTY_LIST: ObjectListState = { items: [], continueToken: undefined };

/** A newer copy never gives way to an older one (a page read before an event arrived). */
function isOlder(candidate: TK8sObject, current: TK8sObject): boolean {
  const a = Number(str(field(candidate, 'metadata', 'resourceVersion')));
  const b = Number(str(field(current, 'metadata', 'resourceVersion')));
  return Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 && a < b;
}

function upsert(items: TK8sObject[], object: TK8sObject): TK8sObject[] {
  const key = objectKey(object);
  const index = items.findIndex((item) => objectKey(item) === key);
  if (index >= 0) {
    if (isOlder(object, items[index]!)) return items;
    const next = [...items];
    next[index] = object;
    return next;
  }
  // Keep the server's order (namespace, then name), so a new pod appears where it belongs.
  const at = items.findIndex((item) => compareObjects(object, item) < 0);
  return at < 0 ? [...items, object] : [...items.slice(0, at), object, ...items.slice(at)];
}

/**
 * Applies a list page or a watch event. ADDED and MODIFIED replace by uid (a watch restarted
 * without a resourceVersion sends ADDED for objects already listed); DELETED removes; RELISTED
 * (the watch's 410 Gone) replaces the whole list, which is then complete.
 */
export function objectListReducer(
  state: ObjectListState,
  action: ObjectListAction,
): ObjectListState {
  switch (action.type) {
    case 'LISTED':
      return { items: [...action.items], continueToken: action.continueToken };
    case 'PAGE':
      return {
        items: action.items.reduce(upsert, state.items),
        continueToken: action.continueToken,
      };
    case 'ADDED':
    case 'MODIFIED':
      return { ...state, items: upsert(state.items, action.object) };
    case 'DELETED': {
      const key = objectKey(action.object);
      return { ...state, items: state.items.filter((item) => objectKey(item) !== key) };
    }
    case 'RELISTED':
      return { items: [...action.items].sort(compareObjects), continueToken: undefined };
  }
}
