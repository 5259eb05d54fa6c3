import { isListedKey, listed, type StoredKey } from './storage-keys';

// Every key below comes from the one list in storage-keys.ts (the privacy page shows it).

/** The local storage keys of §3 that the shell and sign-in use. */
export const STORAGE_KEYS = {
  authToken: listed('auth_token'),
  authUser: listed('auth_user'),
  currentPage: listed('currentPage'),
  messageSoundEnabled: listed('message_sound_enabled'),
  hintsAllDismissed: listed('onboardingContextualDismissed'),
  hintsDismissedPages: listed('onboardingDismissedPages'),
  errorLogs: listed('error-logs'),
  quotaDisplayCollapsed: listed('quota_display_collapsed'),
} as const;

/** The §3 local-storage keys of the planner: the step and the planner state. */
export const PLANNER_STORAGE_KEYS = {
  currentStep: listed('wizard_current_step'),
  selectedProvider: listed('selected_provider'),
  selectedServices: listed('selected_services'),
  architectureConfig: listed('architecture_config'),
  architectureOptionalOverride: listed('architecture_optional_override'),
  namingConvention: listed('naming_convention'),
  fileStructureConfig: listed('file_structure_config'),
  versionSnapshots: listed('version_snapshots'),
  deployments: listed('deployments'),
} as const;

/** §3: the onboarding tour's local keys (dismissed without a project; the project and user). */
export const ONBOARDING_STORAGE_KEYS = {
  dismissed: listed('onboardingDismissed'),
  currentProjectId: listed('currentProjectId'),
  userId: listed('userId'),
} as const;

/** The saved project the planner last had open (id, name, revision): not a §3 key, Stratum's own. */
export const PLANNER_PROJECT_KEY = listed('planner_project');

/** §3 "per-user dismissed notices": one list of notice ids per user. */
export const dismissedNoticesKey = (userId: string): string =>
  `${listed('dismissed_notices_')}${userId}`;

/** The Clusters page's active cluster and namespace, one per user (their clusters differ). */
export const activeClusterKey = (userId: string): string =>
  `${listed('k8s_active_cluster_')}${userId}`;

/** The Costing page's environment and usage assumptions per design, one map per user. */
export const costingSettingsKey = (userId: string): string =>
  `${listed('costing_settings_')}${userId}`;

/** The Inventory table's chosen columns (their names only). */
export const INVENTORY_COLUMNS_KEY = listed('inventory_columns');

/** The API Calls page's chosen environment, one per user. */
export const apiEnvironmentKey = (userId: string): string =>
  `${listed('api_client_environment_')}${userId}`;

/** A key missing from the list would go unmentioned on the privacy page: refuse it in development. */
function checkListed(key: string, store: StoredKey['store']): void {
  if (import.meta.env.DEV && !isListedKey(key, store)) {
    throw new Error(`${store} key "${key}" is not in web/src/lib/storage-keys.ts`);
  }
}

// Storage can be unavailable (privacy modes, quota); the app then simply remembers nothing.
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  checkListed(key, 'localStorage');
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
  chunkReloadAt: listed('stratum_chunk_reload_at'),
} as const;

export function readSessionString(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionString(key: string, value: string): void {
  checkListed(key, 'sessionStorage');
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // nothing to do: see above
  }
}
