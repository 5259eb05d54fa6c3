import { useSyncExternalStore } from 'react';
import {
  ZApiRequest,
  type TApiRequest,
  type TBodyMode,
  type TRequestBody,
} from '@stratum/core/api-client/model';
import type { TRunResult } from '../api/run';

/** Where an open request lives: an item of a saved collection. */
export interface TRequestOrigin {
  collectionId: string;
  itemId: string;
}

export type TRunState =
  | { status: 'idle' }
  | { status: 'running'; startedAt: number }
  | { status: 'done'; result: TRunResult }
  | { status: 'failed'; message: string; code?: string }
  | { status: 'cancelled' };

export interface TOpenTab {
  id: string;
  name: string;
  origin: TRequestOrigin | null;
  draft: TApiRequest;
  /** The request as last opened or saved; null for one never saved. */
  saved: TApiRequest | null;
  /** What each body mode held when the user switched away from it, so switching back keeps it. */
  bodyCache: Partial<Record<TBodyMode, TRequestBody>>;
  run: TRunState;
}

export interface TWorkspaceState {
  tabs: TOpenTab[];
  activeId: string | null;
}

export const UNTITLED = 'Untitled request';

export function blankRequest(overrides: Partial<TApiRequest> = {}): TApiRequest {
  return { ...ZApiRequest.parse({}), ...overrides };
}

/** JSON with sorted keys: two requests are the same whatever order their keys were built in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

const fingerprints = new WeakMap<TApiRequest, string>();
function fingerprint(request: TApiRequest): string {
  let text = fingerprints.get(request);
  if (text === undefined) {
    text = stableJson(request);
    fingerprints.set(request, text);
  }
  return text;
}

const BLANK_FINGERPRINT = stableJson(blankRequest());

/** Unsaved changes: different from what was saved, or a new request that is no longer blank. */
export function isDirty(tab: TOpenTab): boolean {
  return fingerprint(tab.draft) !== (tab.saved ? fingerprint(tab.saved) : BLANK_FINGERPRINT);
}

type Listener = () => void;

/**
 * The open request tabs of the API Calls page. Kept outside React so that the tabs survive a
 * visit to another page of the app; cleared when another user signs in.
 */
export function createWorkspaceStore() {
  let state: TWorkspaceState = { tabs: [], activeId: null };
  const listeners = new Set<Listener>();
  let counter = 0;
  let ownerId: string | null = null;
  const set = (next: TWorkspaceState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const patchTab = (id: string, patch: (tab: TOpenTab) => TOpenTab) =>
    set({ ...state, tabs: state.tabs.map((t) => (t.id === id ? patch(t) : t)) });
  const newId = () => `tab-${Date.now().toString(36)}-${(counter++).toString(36)}`;

  const store = {
    getState: () => state,
    subscribe(this: void, listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      set({ tabs: [], activeId: null });
    },
    /** The tabs belong to one user: another one signing in in this browser starts empty. */
    claim(userId: string) {
      if (ownerId !== null && ownerId !== userId) store.reset();
      ownerId = userId;
    },
    /** Opens a tab (a new request, a history entry, an imported cURL command) and shows it. */
    open(input: { name?: string; request?: TApiRequest; origin?: TRequestOrigin | null }): string {
      const id = newId();
      const origin = input.origin ?? null;
      const request = input.request ?? blankRequest();
      const tab: TOpenTab = {
        id,
        name: input.name ?? UNTITLED,
        origin,
        draft: request,
        saved: origin ? request : null,
        bodyCache: {},
        run: { status: 'idle' },
      };
      set({ tabs: [...state.tabs, tab], activeId: id });
      return id;
    },
    /** Shows a collection item's tab, opening it if it is not open yet. */
    openItem(origin: TRequestOrigin, name: string, request: TApiRequest): string {
      const open = state.tabs.find(
        (t) => t.origin?.collectionId === origin.collectionId && t.origin.itemId === origin.itemId,
      );
      if (open) {
        set({ ...state, activeId: open.id });
        return open.id;
      }
      return store.open({ name, request, origin });
    },
    activate(id: string) {
      if (state.tabs.some((t) => t.id === id)) set({ ...state, activeId: id });
    },
    close(id: string) {
      const index = state.tabs.findIndex((t) => t.id === id);
      if (index === -1) return;
      const tabs = state.tabs.filter((t) => t.id !== id);
      const neighbour = tabs[Math.min(index, tabs.length - 1)];
      set({ tabs, activeId: state.activeId === id ? (neighbour?.id ?? null) : state.activeId });
    },
    editRequest(id: string, edit: (draft: TApiRequest) => TApiRequest) {
      patchTab(id, (t) => ({ ...t, draft: edit(t.draft) }));
    },
    /** Switches the body mode, keeping what each mode held. */
    setBodyMode(id: string, mode: TBodyMode) {
      patchTab(id, (t) => {
        const current = t.draft.body;
        if (current.mode === mode) return t;
        const bodyCache = { ...t.bodyCache, [current.mode]: current };
        return { ...t, bodyCache, draft: { ...t.draft, body: bodyFor(mode, bodyCache, current) } };
      });
    },
    /** After a save: the tab now belongs to `origin`, and its draft is what is stored. */
    markSaved(id: string, saved: { origin: TRequestOrigin; name: string; request: TApiRequest }) {
      patchTab(id, (t) => ({ ...t, origin: saved.origin, name: saved.name, saved: saved.request }));
    },
    /** A collection item was renamed or deleted elsewhere: keep the open tab truthful. */
    renameOrigin(origin: TRequestOrigin, name: string) {
      set({
        ...state,
        tabs: state.tabs.map((t) =>
          t.origin?.collectionId === origin.collectionId && t.origin.itemId === origin.itemId
            ? { ...t, name }
            : t,
        ),
      });
    },
    /** The item is gone: its tabs stay open as unsaved requests. */
    detachOrigin(collectionId: string, itemIds: readonly string[] | null) {
      set({
        ...state,
        tabs: state.tabs.map((t) =>
          t.origin?.collectionId === collectionId &&
          (itemIds === null || itemIds.includes(t.origin.itemId))
            ? { ...t, origin: null, saved: null }
            : t,
        ),
      });
    },
    setRun(id: string, run: TRunState) {
      patchTab(id, (t) => ({ ...t, run }));
    },
  };
  return store;
}

/** The body a mode starts with: what it held before, else the text carried over, else empty. */
function bodyFor(
  mode: TBodyMode,
  cache: Partial<Record<TBodyMode, TRequestBody>>,
  from: TRequestBody,
): TRequestBody {
  const cached = cache[mode];
  if (cached) return cached;
  const cachedText = (m: 'json' | 'raw') => {
    const body = cache[m];
    return body?.mode === 'json' || body?.mode === 'raw' ? body.text : undefined;
  };
  const text =
    from.mode === 'json' || from.mode === 'raw'
      ? from.text
      : (cachedText('json') ?? cachedText('raw') ?? '');
  switch (mode) {
    case 'none':
      return { mode };
    case 'json':
      return { mode, text };
    case 'raw':
      return { mode, text, contentType: 'text/plain' };
    case 'form':
      return { mode, fields: [] };
    case 'multipart':
      return { mode, parts: [] };
    case 'graphql':
      return { mode, query: '', variables: '' };
  }
}

export type TWorkspaceStore = ReturnType<typeof createWorkspaceStore>;

/** The page's one store. */
export const workspace = createWorkspaceStore();

export function useWorkspace<T>(select: (state: TWorkspaceState) => T): T {
  return useSyncExternalStore(workspace.subscribe, () => select(workspace.getState()));
}
