/** The local storage keys of §3 that the shell and sign-in use. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  authUser: 'auth_user',
  currentPage: 'currentPage',
  messageSoundEnabled: 'message_sound_enabled',
} as const;

/** The §3 local-storage keys of the planner: the step and the planner state. */
export const PLANNER_STORAGE_KEYS = {
  currentStep: 'wizard_current_step',
  selectedProvider: 'selected_provider',
  selectedServices: 'selected_services',
  architectureConfig: 'architecture_config',
  architectureOptionalOverride: 'architecture_optional_override',
  namingConvention: 'naming_convention',
  fileStructureConfig: 'file_structure_config',
  versionSnapshots: 'version_snapshots',
  deployments: 'deployments',
} as const;

/** The saved project the planner last had open (id, name, revision): not a §3 key, Stratum's own. */
export const PLANNER_PROJECT_KEY = 'planner_project';

// Storage can be unavailable (privacy modes, quota); the app then simply remembers nothing.
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // nothing to do: see above
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** A stored JSON value, or undefined when missing or unreadable. */
export function readJson(key: string): unknown {
  const raw = readString(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Keys kept in sessionStorage: gone when the tab closes. */
export const SESSION_KEYS = {
  chunkReloadAt: 'stratum_chunk_reload_at',
} as const;

export function readSessionString(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionString(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // nothing to do: see above
  }
}
