/** Every query of the API Calls page starts with this key. */
export const API_CLIENT_KEY = ['api-client'] as const;
export const COLLECTIONS_KEY = [...API_CLIENT_KEY, 'collections'] as const;
export const collectionKey = (id: string) => [...COLLECTIONS_KEY, id] as const;
export const ENVIRONMENTS_KEY = [...API_CLIENT_KEY, 'environments'] as const;
export const environmentKey = (id: string) => [...ENVIRONMENTS_KEY, id] as const;
export const HISTORY_KEY = [...API_CLIENT_KEY, 'history'] as const;
export const historyEntryKey = (id: string) => [...HISTORY_KEY, 'entry', id] as const;
