/**
 * Every key the web app keeps in the browser, with what it holds and how long: the code's
 * constants are checked against this list, writing any other key fails in development, and the
 * privacy page's table is made from it (a unit test scans the source to keep it complete).
 */
export interface StoredKey {
  /** The key; a per-user key ends with `_` and the user's id follows it. */
  key: string;
  store: 'localStorage' | 'sessionStorage';
  isPerUser?: boolean;
  holds: string;
  keptUntil: string;
}

const UNTIL_SIGN_OUT = 'You sign out, or the session ends';
const UNTIL_CLEARED = "You clear this site's data in your browser";

export const STORED_KEYS = [
  {
    key: 'auth_token',
    store: 'localStorage',
    holds: 'Your session token, sent with every request to prove it is you',
    keptUntil: UNTIL_SIGN_OUT,
  },
  {
    key: 'auth_user',
    store: 'localStorage',
    holds: 'A copy of your profile (name, email, role, plan, credits, avatar) for the header',
    keptUntil: UNTIL_SIGN_OUT,
  },
  {
    key: 'currentPage',
    store: 'localStorage',
    holds: 'The page you were on, reopened when you come back',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'message_sound_enabled',
    store: 'localStorage',
    holds: 'Whether the chime for new messages is muted',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'wizard_current_step',
    store: 'localStorage',
    holds: 'The planner step you are on',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'selected_provider',
    store: 'localStorage',
    holds: 'The cloud provider chosen in the planner',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'selected_services',
    store: 'localStorage',
    holds: 'The services chosen in the planner',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'architecture_config',
    store: 'localStorage',
    holds: 'The architecture board: groups, components, connections and positions',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'architecture_optional_override',
    store: 'localStorage',
    holds: 'Whether the planner may skip the architecture step',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'naming_convention',
    store: 'localStorage',
    holds: 'The naming convention set in the planner',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'file_structure_config',
    store: 'localStorage',
    holds: 'The file structure set in the planner',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'version_snapshots',
    store: 'localStorage',
    holds: "A copy of the open project's snapshot list",
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'deployments',
    store: 'localStorage',
    holds: "A copy of the open project's simulated deployments",
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'planner_project',
    store: 'localStorage',
    holds: 'The saved project the planner last had open (id, name, revision)',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'onboardingContextualDismissed',
    store: 'localStorage',
    holds: 'Whether you hid every tip',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'onboardingDismissedPages',
    store: 'localStorage',
    holds: 'The pages whose tip you dismissed',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'onboardingDismissed',
    store: 'localStorage',
    holds: 'Whether you dismissed the onboarding tour (used when no project is open)',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'currentProjectId',
    store: 'localStorage',
    holds: 'The id of the project the onboarding tour follows (the one last open in the planner)',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'userId',
    store: 'localStorage',
    holds: 'Your account id, for the onboarding tour of the current project',
    keptUntil: UNTIL_SIGN_OUT,
  },
  {
    key: 'dismissed_notices_',
    store: 'localStorage',
    isPerUser: true,
    holds: 'The ids of the site notices you dismissed (at most 200), one list per account',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'k8s_active_cluster_',
    store: 'localStorage',
    isPerUser: true,
    holds:
      'The cluster and namespace you last chose on the Clusters page (ids only, no credential)',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'costing_settings_',
    store: 'localStorage',
    isPerUser: true,
    holds:
      'On the Costing page, per design (the 20 last used): the environment and the usage assumptions you set',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'api_client_environment_',
    store: 'localStorage',
    isPerUser: true,
    holds: 'The environment you last chose on the API Calls page (its id only, no variable)',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'inventory_columns',
    store: 'localStorage',
    holds: 'The columns you chose for the Inventory table (their names only)',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'quota_display_collapsed',
    store: 'localStorage',
    holds: 'Whether the floating quota display in the corner is folded away',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'error-logs',
    store: 'localStorage',
    holds:
      'The last 500 errors this browser met (message, page address, browser), also sent to the staff',
    keptUntil: UNTIL_CLEARED,
  },
  {
    key: 'stratum_chunk_reload_at',
    store: 'sessionStorage',
    holds:
      'When the app last reloaded itself to fetch a new version, so it never does so in a loop',
    keptUntil: 'You close the tab',
  },
] as const satisfies readonly StoredKey[];

type TListed = (typeof STORED_KEYS)[number];
export type TStoredKey = TListed['key'];

/** A listed key, checked by the compiler: `listed('auth_token')`. */
export const listed = <K extends TStoredKey>(key: K): K => key;

/** Whether a key (a per-user one included) is on the list, for the given store. */
export function isListedKey(key: string, store: StoredKey['store']): boolean {
  return STORED_KEYS.some(
    (entry: StoredKey) =>
      entry.store === store && (entry.isPerUser ? key.startsWith(entry.key) : key === entry.key),
  );
}

/** How a key reads on the privacy page. */
export const displayKey = (entry: StoredKey): string =>
  entry.isPerUser ? `${entry.key}<user id>` : entry.key;
